// Why an http, prompt or mcp_tool hook failed, in the UI's language (state/runWords.ts, causeWords):
// the real handlers (hooks/handlers/) run against a real HTTP endpoint that answers 503, a port
// nobody listens on, a URL that is not one, no model, an MCP server that is not connected; the
// engine turns each result into the run's kind (contract/answers.ts), and the UI's words come from
// the cause carried there as data — in Chinese too — never from the engine's English message. Only
// the library's or the server's own message (the unknown rest) is shown as it is.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerCause, RunKind } from '../../src/connection/protocol.js';
import { lang } from '../../src/i18n/index.js';
import { failureWords } from '../../src/state/runWords.js';
import { interpretRun } from '../../../sidecar/src/hooks/contract/answers.js';
import { eventSpec } from '../../../sidecar/src/hooks/contract/events.js';
import type { HandlerRuntime, McpToolCaller, PromptModel } from '../../../sidecar/src/hooks/handlers/handlerType.js';
import { HTTP } from '../../../sidecar/src/hooks/handlers/http.js';
import { MCP_TOOL } from '../../../sidecar/src/hooks/handlers/mcpTool.js';
import { PROMPT } from '../../../sidecar/src/hooks/handlers/prompt.js';
import type { ProcessResult } from '../../../sidecar/src/hooks/handlers/processSpec.js';

const runtime = (o: { promptModel?: PromptModel; mcpTool?: McpToolCaller } = {}): HandlerRuntime => ({
  runProcess: () => Promise.reject(new Error('no process runs here')),
  promptModel: o.promptModel,
  mcpTool: o.mcpTool,
  platform: process.platform,
  shells: { sh: '/bin/sh', bash: '/bin/bash' },
  killGraceMs: undefined,
  exitGraceMs: undefined,
});

const base = { payload: JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }), env: {}, cwd: '/' };
const common = { timeoutMs: 10_000, detachOnAsyncLine: false };

/** The run's kind as the engine records it (what a history line and a run record carry). */
function kindOf(p: ProcessResult): Extract<RunKind, { kind: 'handlerFailed' }> {
  const e = interpretRun('PreToolUse', eventSpec('PreToolUse'), p, { command: 'x', name: 'x' }, 10);
  if (e.kind.kind !== 'handlerFailed') throw new Error(`not a handler failure: ${JSON.stringify(e.kind)}`);
  return e.kind;
}

const http = (url: string) => HTTP.run({ ...base, ...common, runtime: runtime(), handler: { type: 'http', url } });
const prompt = (promptModel?: PromptModel) =>
  PROMPT.run({ ...base, ...common, runtime: runtime(promptModel ? { promptModel } : {}), handler: { type: 'prompt', prompt: 'Is $ARGUMENTS safe?' } });
const mcp = (mcpTool?: McpToolCaller) =>
  MCP_TOOL.run({ ...base, ...common, runtime: runtime(mcpTool ? { mcpTool } : {}), handler: { type: 'mcp_tool', server: 'judge', tool: 'check' } });

/** The words of a kind in both languages. */
function words(kind: RunKind & { kind: 'handlerFailed' }): { en: string; zh: string } {
  lang.value = 'en';
  const en = failureWords(kind);
  lang.value = 'zh-CN';
  const zh = failureWords(kind);
  return { en, zh };
}

let server: Server;
let url: string;
let closedPort: number;
beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(503, 'Service Unavailable').end('down for maintenance'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check`;
  const spare = createServer();
  await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((r) => spare.close(() => r()));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => void (lang.value = 'en'));

describe('a handler failure with a known cause is data, worded by the UI', () => {
  it('an HTTP error status', async () => {
    const kind = kindOf(await http(url));
    expect(kind.cause).toEqual<HandlerCause>({ cause: 'httpStatus', status: 503, url });
    expect(kind.message).toBe(`HTTP 503 Service Unavailable from ${url}`);
    expect(words(kind)).toEqual({ en: `failed: HTTP 503 from ${url}`, zh: `失败：${url} 返回了 HTTP 503` });
  });

  it('a connection refused and a URL that is not one: the system code, in words', async () => {
    const refused = `http://127.0.0.1:${closedPort}/`;
    const kind = kindOf(await http(refused));
    expect(kind.cause).toEqual<HandlerCause>({ cause: 'requestFailed', url: refused, code: 'ECONNREFUSED' });
    expect(words(kind)).toEqual({ en: `failed: the request to ${refused} failed: connection refused`, zh: `失败：对 ${refused} 的请求失败：连接被拒绝` });

    const bad = kindOf(await http('not a url'));
    expect(bad.cause).toEqual<HandlerCause>({ cause: 'requestFailed', url: 'not a url', code: 'ERR_INVALID_URL' });
    expect(words(bad).zh).toBe('失败：对 not a url 的请求失败：URL 无效');
  });

  it('no model for a prompt hook; a failed model request keeps the library’s message; an answer that is no verdict', async () => {
    const none = kindOf(await prompt());
    expect(none.cause).toEqual<HandlerCause>({ cause: 'noModel' });
    expect(words(none).zh).toBe('失败：未配置模型，因此这个提示钩子无法询问模型');

    const failed = kindOf(await prompt(() => Promise.reject(new Error('429 Rate limit reached'))));
    expect(failed.cause).toEqual<HandlerCause>({ cause: 'modelFailed', detail: '429 Rate limit reached' });
    expect(words(failed).zh).toBe('失败：模型请求失败：429 Rate limit reached');

    const chatty = kindOf(await prompt(() => Promise.resolve('Looks fine to me')));
    expect(chatty.cause).toEqual<HandlerCause>({ cause: 'badVerdict', answer: 'Looks fine to me' });
    expect(words(chatty).zh).toBe('失败：模型的答复不是 {"ok": true} 或 {"ok": false, "reason": "…"}：Looks fine to me');
  });

  it('an MCP server that is not connected (none at all, or not now), and a failed MCP call', async () => {
    const none = kindOf(await mcp());
    expect(none.cause).toEqual<HandlerCause>({ cause: 'noMcpServer', server: 'judge' });
    expect(words(none)).toEqual({ en: 'failed: the MCP server "judge" is not connected', zh: '失败：MCP 服务器“judge”未连接' });

    const away = kindOf(await mcp(() => Promise.resolve({ notConnected: 'MCP server "judge" is not connected: spawn judge ENOENT' })));
    expect(away.cause).toEqual<HandlerCause>({ cause: 'noMcpServer', server: 'judge' });
    expect(away.message).toBe('MCP server "judge" is not connected: spawn judge ENOENT');
    expect(words(away).zh).toBe('失败：MCP 服务器“judge”未连接');

    const broke = kindOf(await mcp(() => Promise.reject(new Error('MCP error -32601: Tool check not found'))));
    expect(broke.cause).toEqual<HandlerCause>({ cause: 'mcpFailed', server: 'judge', tool: 'check', detail: 'MCP error -32601: Tool check not found' });
    expect(words(broke).zh).toBe('失败：无法调用 MCP 工具 judge/check：MCP error -32601: Tool check not found');
  });

  it('a record from before causes were data shows the engine’s message as it is', () => {
    expect(words({ kind: 'handlerFailed', message: 'HTTP 500 from http://x/' }).zh).toBe('失败：HTTP 500 from http://x/');
  });
});
