// The Anthropic Messages API through the official `@anthropic-ai/sdk` client, streamed
// (`messages.create({ stream: true })`, raw events assembled here). The system prompt is the
// `system` parameter; tool_use and tool_result blocks map one to one, tool results first in
// their user turn as the API requires.
import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageCreateParamsStreaming, MessageParam, RawMessageStreamEvent, Tool } from '@anthropic-ai/sdk/resources/messages';
import { guardCallback, parseToolInput, SdkModelClient } from './shared.js';
import type { ModelClient, ModelConfig, ModelMessage, ModelRequest, ModelResponse, ModelStreamEvent, ModelToolCall, ModelToolDef } from './types.js';

/** `max_tokens` is required by the Messages API; used when the request names none. */
export const DEFAULT_MAX_TOKENS = 8192;

export function toAnthropicMessages(messages: ModelMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of messages) {
    const results: ContentBlockParam[] = [];
    const rest: ContentBlockParam[] = [];
    for (const block of message.content) {
      if (block.type === 'text') {
        // The API rejects empty text blocks.
        if (block.text) rest.push({ type: 'text', text: block.text });
      } else if (block.type === 'tool_use') {
        rest.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
      } else {
        const result: ContentBlockParam = {
          type: 'tool_result',
          tool_use_id: block.toolUseId,
          content: block.content,
        };
        if (block.isError) result.is_error = true;
        results.push(result);
      }
    }
    const content = [...results, ...rest];
    if (content.length > 0) out.push({ role: message.role, content });
  }
  return out;
}

export function toAnthropicTools(tools: ModelToolDef[]): Tool[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Tool.InputSchema,
  }));
}

/** Builds the request body (exported so callers and tests can see exactly what is sent). */
export function anthropicRequestBody(model: string, req: ModelRequest): MessageCreateParamsStreaming {
  const body: MessageCreateParamsStreaming = {
    model,
    max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages: toAnthropicMessages(req.messages),
    stream: true,
  };
  if (req.system) body.system = req.system;
  if (req.tools.length > 0) body.tools = toAnthropicTools(req.tools);
  return body;
}

type OpenBlock = { kind: 'text' } | { kind: 'tool'; id: string; name: string; json: string } | { kind: 'other' };

/** Assembles raw stream events into text and tool calls, announcing each as it completes. */
class EventAssembler {
  text = '';
  toolCalls: ModelToolCall[] = [];
  stopReason: string | undefined;
  inputTokens = 0;
  outputTokens = 0;
  private readonly blocks = new Map<number, OpenBlock>();

  constructor(private readonly emit: (e: ModelStreamEvent) => void) {}

  private addText(text: string): void {
    if (!text) return;
    this.text += text;
    this.emit({ type: 'text_delta', text });
  }

  add(event: RawMessageStreamEvent): void {
    switch (event.type) {
      case 'message_start':
        this.inputTokens = event.message.usage?.input_tokens ?? 0;
        this.outputTokens = event.message.usage?.output_tokens ?? 0;
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text') {
          this.blocks.set(event.index, { kind: 'text' });
          this.addText(block.text);
        } else if (block.type === 'tool_use') {
          // `input` is `{}` here; the real input arrives as input_json_delta fragments.
          const json = Object.keys(block.input ?? {}).length > 0 ? JSON.stringify(block.input) : '';
          this.blocks.set(event.index, { kind: 'tool', id: block.id, name: block.name, json });
        } else {
          this.blocks.set(event.index, { kind: 'other' });
        }
        break;
      }
      case 'content_block_delta': {
        const open = this.blocks.get(event.index);
        if (event.delta.type === 'text_delta') this.addText(event.delta.text);
        else if (event.delta.type === 'input_json_delta' && open?.kind === 'tool') {
          open.json += event.delta.partial_json;
        }
        break;
      }
      case 'content_block_stop': {
        const open = this.blocks.get(event.index);
        this.blocks.delete(event.index);
        if (open?.kind === 'tool') this.finishCall(open);
        break;
      }
      case 'message_delta':
        if (event.delta.stop_reason) this.stopReason = event.delta.stop_reason;
        if (typeof event.usage?.output_tokens === 'number') this.outputTokens = event.usage.output_tokens;
        if (typeof event.usage?.input_tokens === 'number') this.inputTokens = event.usage.input_tokens;
        break;
      default:
        break;
    }
  }

  private finishCall(open: { id: string; name: string; json: string }): void {
    const call: ModelToolCall = { id: open.id, name: open.name, ...parseToolInput(open.json) };
    this.toolCalls.push(call);
    this.emit({ type: 'tool_call', ...call });
  }

  /** Tool blocks the stream never closed (a truncated answer) still count. */
  flush(): void {
    for (const open of this.blocks.values()) if (open.kind === 'tool') this.finishCall(open);
    this.blocks.clear();
  }
}

export class AnthropicModelClient extends SdkModelClient<Anthropic> implements ModelClient {
  readonly provider = 'anthropic' as const;

  constructor(config: ModelConfig) {
    super(config, Anthropic, (options) => new Anthropic(options));
  }

  async send(req: ModelRequest, onEvent?: (e: ModelStreamEvent) => void): Promise<ModelResponse> {
    const assembler = new EventAssembler(guardCallback(onEvent));
    await this.consume(
      req,
      (options) => this.client.messages.create(anthropicRequestBody(this.model, req), options),
      (event) => assembler.add(event),
    );
    assembler.flush();
    return {
      text: assembler.text,
      toolCalls: assembler.toolCalls,
      stopReason: assembler.stopReason ?? 'unknown',
      usage: { inputTokens: assembler.inputTokens, outputTokens: assembler.outputTokens },
    };
  }
}
