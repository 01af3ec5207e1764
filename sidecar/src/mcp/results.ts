// An MCP tool result as text for the model and hooks (docs/mcp.md, "Tools"): text parts as they
// are, other parts named, structured content as JSON when there is no text; over the cap
// (MAX_MCP_OUTPUT_TOKENS × 4 characters, 25 000 tokens by default, as Claude Code) it is cut with a
// note saying how much was left out.
export interface McpResultText {
  text: string;
  isError: boolean;
  /** The result as the server sent it (PostToolUse's `tool_response`). */
  raw: Record<string, unknown>;
}

type Part = { type: string; text?: string; mimeType?: string; uri?: string; resource?: { uri?: string; text?: string; mimeType?: string } };

function partText(p: Part): string {
  switch (p.type) {
    case 'text':
      return p.text ?? '';
    case 'image':
    case 'audio':
      return `[${p.type} ${p.mimeType ?? ''}]`.replace(' ]', ']');
    case 'resource':
      return p.resource?.text ?? `[resource ${p.resource?.uri ?? ''}]`;
    case 'resource_link':
      return `[resource ${p.uri ?? ''}]`;
    default:
      return `[${p.type}]`;
  }
}

export function outputCap(env: Record<string, string | undefined>): number {
  const tokens = Number(env.MAX_MCP_OUTPUT_TOKENS);
  return (tokens > 0 ? tokens : 25_000) * 4;
}

/** Cuts text over `cap` characters, with a note. */
export function capText(text: string, cap: number): string {
  if (text.length <= cap) return text;
  return `${text.slice(0, cap)}\n\n[output cut: the MCP tool returned ${text.length} characters; the first ${cap} are shown (cap: MAX_MCP_OUTPUT_TOKENS)]`;
}

export function resultText(result: Record<string, unknown>, cap: number): McpResultText {
  const content = Array.isArray(result.content) ? (result.content as Part[]) : [];
  let text = content.map(partText).join('\n');
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (!text && result.toolResult !== undefined) text = typeof result.toolResult === 'string' ? result.toolResult : JSON.stringify(result.toolResult);
  return { text: capText(text, cap), isError: result.isError === true, raw: result };
}
