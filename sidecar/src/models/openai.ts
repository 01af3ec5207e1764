// An OpenAI-compatible chat-completions endpoint through the official `openai` client, streamed.
// Conversation mapping: the system prompt is the first message; an assistant turn's tool_use
// blocks become one message's `tool_calls` (parallel calls stay together); each tool_result
// becomes a `role: "tool"` message right after, before any text of the same user turn.
import OpenAI from 'openai';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { guardCallback, parseToolInput, SdkModelClient } from './shared.js';
import type {
  ModelClient,
  ModelConfig,
  ModelMessage,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ModelToolCall,
  ModelToolDef,
  ModelUsage,
} from './types.js';

/** Tool results flagged as errors carry this prefix: chat completions has no error flag. */
export const TOOL_ERROR_PREFIX = 'Error: ';

export function toOpenAIMessages(system: string, messages: ModelMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: 'system', content: system });
  for (const message of messages) {
    if (message.role === 'assistant') {
      let text = '';
      const calls: NonNullable<ChatCompletionAssistantMessageParam['tool_calls']> = [];
      for (const block of message.content) {
        if (block.type === 'text') text += block.text;
        else if (block.type === 'tool_use') {
          calls.push({
            id: block.id,
            type: 'function',
            function: { name: block.name, arguments: JSON.stringify(block.input) },
          });
        }
      }
      if (!text && calls.length === 0) continue;
      const msg: ChatCompletionAssistantMessageParam = { role: 'assistant', content: text || null };
      if (calls.length > 0) msg.tool_calls = calls;
      out.push(msg);
      continue;
    }
    const texts: string[] = [];
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        const content = block.isError ? `${TOOL_ERROR_PREFIX}${block.content}` : block.content;
        out.push({ role: 'tool', tool_call_id: block.toolUseId, content });
      } else if (block.type === 'text' && block.text) {
        texts.push(block.text);
      }
    }
    if (texts.length > 0) out.push({ role: 'user', content: texts.join('\n\n') });
  }
  return out;
}

export function toOpenAITools(tools: ModelToolDef[]): ChatCompletionTool[] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema },
  }));
}

/** Builds the request body (exported so callers and tests can see exactly what is sent). */
export function openAIRequestBody(model: string, req: ModelRequest): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = {
    model,
    messages: toOpenAIMessages(req.system, req.messages),
    stream: true,
    stream_options: { include_usage: true },
  };
  if (req.tools.length > 0) body.tools = toOpenAITools(req.tools);
  if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
  return body;
}

interface PartialCall {
  id: string;
  name: string;
  args: string;
}

/** Assembles streamed chunks: text deltas pass straight through, tool calls gather by index. */
class ChunkAssembler {
  text = '';
  stopReason: string | undefined;
  usage: ModelUsage | undefined;
  private readonly calls = new Map<number, PartialCall>();

  constructor(private readonly emit: (e: ModelStreamEvent) => void) {}

  add(chunk: ChatCompletionChunk): void {
    if (chunk.usage) {
      this.usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = choice.delta;
    if (delta?.content) {
      this.text += delta.content;
      this.emit({ type: 'text_delta', text: delta.content });
    }
    (delta?.tool_calls ?? []).forEach((tc, position) => {
      // Some compatible servers leave out `index`; the position in the chunk stands in.
      const index = typeof tc.index === 'number' ? tc.index : position;
      let call = this.calls.get(index);
      if (!call) {
        call = { id: '', name: '', args: '' };
        this.calls.set(index, call);
      }
      if (tc.id && !call.id) call.id = tc.id;
      if (tc.function?.name && !call.name) call.name = tc.function.name;
      if (tc.function?.arguments) call.args += tc.function.arguments;
    });
    if (choice.finish_reason) this.stopReason = choice.finish_reason;
  }

  /** The finished tool calls in index order, each announced through `emit`. */
  finishCalls(): ModelToolCall[] {
    const out: ModelToolCall[] = [];
    const indexes = [...this.calls.keys()].sort((a, b) => a - b);
    for (const index of indexes) {
      const call = this.calls.get(index)!;
      const done: ModelToolCall = {
        id: call.id || `call_${index}`,
        name: call.name,
        ...parseToolInput(call.args),
      };
      this.emit({ type: 'tool_call', ...done });
      out.push(done);
    }
    return out;
  }
}

export class OpenAIModelClient extends SdkModelClient<OpenAI> implements ModelClient {
  readonly provider = 'openai' as const;

  constructor(config: ModelConfig) {
    super(config, OpenAI, (options) => new OpenAI(options));
  }

  async send(req: ModelRequest, onEvent?: (e: ModelStreamEvent) => void): Promise<ModelResponse> {
    const assembler = new ChunkAssembler(guardCallback(onEvent));
    await this.consume(
      req,
      (options) => this.client.chat.completions.create(openAIRequestBody(this.model, req), options),
      (chunk) => assembler.add(chunk),
    );
    const response: ModelResponse = { text: assembler.text, toolCalls: assembler.finishCalls(), stopReason: assembler.stopReason ?? 'unknown' };
    if (assembler.usage) response.usage = assembler.usage;
    return response;
  }
}
