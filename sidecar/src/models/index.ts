// The model layer: a provider-neutral client over the official OpenAI and Anthropic libraries.
export type {
  ModelClient,
  ModelConfig,
  ModelContent,
  ModelMessage,
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ModelToolCall,
  ModelToolDef,
  ModelUsage,
} from './types.js';
export { ModelError, toModelError, type ModelErrorKind, type ModelErrorContext } from './errors.js';
export { modelConfigFrom, createModelClient, type ModelConfigResult } from './config.js';
export { OpenAIModelClient, openAIRequestBody, toOpenAIMessages, toOpenAITools, TOOL_ERROR_PREFIX } from './openai.js';
export { AnthropicModelClient, anthropicRequestBody, toAnthropicMessages, toAnthropicTools, DEFAULT_MAX_TOKENS } from './anthropic.js';
export { NO_API_KEY, parseToolInput } from './shared.js';
