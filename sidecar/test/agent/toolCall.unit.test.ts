// One tool call (agent/toolCall.ts) against a fake loop context: what each hook decision and permission
// verdict does to the call — nothing runs a process here; the context answers every hook event with
// the decision the test gives it and records what happened.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ConversationPort, LoopContext } from '../../src/agent/loopContext.js';
import { newMessage } from '../../src/agent/messages.js';
import type { ToolApproval } from '../../src/agent/options.js';
import { StopGuard } from '../../src/agent/stopGuard.js';
import { runToolCall } from '../../src/agent/toolCall.js';
import { ToolRegistry } from '../../src/agent/tools/registry.js';
import type { Tool } from '../../src/agent/tools/types.js';
import { emptyDecision } from '../../src/hooks/contract/answers.js';
import type { FireResult } from '../../src/hooks/fire/manager.js';
import type { HookDecision, PermissionMode } from '../../src/hooks/contract/types.js';
import type { Message, ToolBlock } from '../../src/protocol/wire.js';

type Decisions = Partial<Record<string, Partial<HookDecision>>>;

class FakeConversation implements ConversationPort {
  readonly messages: Message[] = [];
  readonly notices: string[] = [];
  push(m: Message) {
    this.messages.push(m);
    return m;
  }
  beginAssistant() {
    return this.push(newMessage('assistant', []));
  }
  currentMessageId() {
    return 'm1';
  }
  notice(text: string) {
    this.notices.push(text);
  }
  changed() {
    // nothing is shown live in a unit test
  }
}

function ctx(o: { decisions?: Decisions; mode?: PermissionMode; approve?: ToolApproval; ran: Array<Record<string, unknown>> }) {
  const fired: Array<{ event: string; input: unknown }> = [];
  const echo: Tool<{ text: string }> = {
    name: 'Echo',
    description: 'echoes',
    schema: z.object({ text: z.string() }),
    access: 'execute',
    ruleContent: (i) => i.text,
    run: async (input) => (o.ran.push(input), { success: true, result: input.text, response: { text: input.text } }),
  };
  const conversation = new FakeConversation();
  const h: LoopContext = {
    conversation,
    model: undefined,
    modelUnavailable: 'none',
    tools: new ToolRegistry([echo]),
    signal: new AbortController().signal,
    workdir: '/p',
    cwd: '/p',
    permissionMode: o.mode ?? 'bypassPermissions',
    canUseTool: o.approve ? async () => o.approve! : undefined,
    stopGuard: new StopGuard(8),
    systemPrompt: () => '',
    callSettings: () => ({ permissionRules: { allow: [], deny: [], ask: [] }, env: {}, ownFiles: { workdir: '/p', homeDir: '/h', envFile: undefined, hookScripts: [] } }),
    fire: async (event, input) => {
      fired.push({ event, input });
      return { decision: { ...emptyDecision(event), ...o.decisions?.[event] }, runs: [] } satisfies FireResult;
    },
    emit: () => undefined,
    beforeModelCall: async () => undefined,
    fireStopFailure: async () => undefined,
    fireStop: async () => ({ decision: emptyDecision('Stop'), runs: [] }),
  };
  return { h, fired, conversation };
}

const block = (): ToolBlock => ({ type: 'tool', id: 't1', name: 'Echo', parameters: { text: 'hi' }, stage: 'pending' });
const call = { id: 't1', name: 'Echo', input: { text: 'hi' } };

describe('runToolCall', () => {
  it('no hooks: the tool runs, PostToolUse gets its response', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h, fired } = ctx({ ran });
    const b = block();
    expect(await runToolCall(h, call, b)).toBeNull();
    expect(ran).toEqual([{ text: 'hi' }]);
    expect(b).toMatchObject({ stage: 'done', success: true, result: 'hi' });
    expect(fired.map((f) => f.event)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(fired[1]!.input).toMatchObject({ tool_response: { text: 'hi', success: true } });
  });

  it('a PreToolUse block: the tool does not run, the reason is the result, PostToolUse does not fire', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h, fired } = ctx({ ran, decisions: { PreToolUse: { blocked: true, blocks: [{ command: 'guard.sh', reason: 'no', fromExitCode: true }], reason: 'no' } } });
    const b = block();
    await runToolCall(h, call, b);
    expect(ran).toEqual([]);
    expect(b).toMatchObject({ success: false, result: 'PreToolUse:Echo hook error: [guard.sh]: no' });
    expect(fired.map((f) => f.event)).toEqual(['PreToolUse', 'PermissionDenied']);
    expect(fired[1]!.input).toMatchObject({ tool_name: 'Echo', tool_input: { text: 'hi' }, reason: 'no' });
  });

  it('a PermissionDenied hook that answers retry: true tells the model it may retry', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const denied = { blocked: true, blocks: [{ command: 'guard.sh', reason: 'no', fromExitCode: true }], reason: 'no' };
    const { h } = ctx({ ran, decisions: { PreToolUse: denied, PermissionDenied: { retry: true } } });
    const b = block();
    await runToolCall(h, call, b);
    expect(b.result).toBe('PreToolUse:Echo hook error: [guard.sh]: no\nA PermissionDenied hook says this call may be retried.');
  });

  it('a relative file_path or path is made absolute against the cwd before any hook sees it', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h, fired } = ctx({ ran });
    await runToolCall(h, { id: 't1', name: 'Echo', input: { text: 'x', file_path: 'src/a.ts', path: '/abs' } }, block());
    expect(fired[0]!.input).toMatchObject({ tool_input: { text: 'x', file_path: '/p/src/a.ts', path: '/abs' } });
  });

  it('updatedInput: the tool runs with it and the block keeps both inputs', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h } = ctx({ ran, decisions: { PreToolUse: { updatedInput: { text: 'rewritten' } } } });
    const b = block();
    await runToolCall(h, call, b);
    expect(ran).toEqual([{ text: 'rewritten' }]);
    expect(b).toMatchObject({ parameters: { text: 'hi' }, effectiveParameters: { text: 'rewritten' } });
  });

  it('an ask in default mode goes to PermissionRequest, then to the user; a denial stops it there', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h, fired } = ctx({ ran, mode: 'default', approve: { behavior: 'deny', message: 'not now' } });
    const b = block();
    await runToolCall(h, call, b);
    expect(fired.map((f) => f.event)).toEqual(['PreToolUse', 'PermissionRequest', 'Notification', 'PermissionDenied']);
    expect(fired[2]!.input).toEqual({ message: 'Wave needs your permission to use Echo', notification_type: 'permission_prompt' });
    expect(ran).toEqual([]);
    expect(b.result).toBe('Permission to use Echo was denied: not now');
  });

  it('a PermissionRequest allow with updatedInput runs without asking the user', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h } = ctx({ ran, mode: 'default', decisions: { PermissionRequest: { permissionRequest: { behavior: 'allow', updatedInput: { text: 'from-hook' } } } } });
    await runToolCall(h, call, block());
    expect(ran).toEqual([{ text: 'from-hook' }]);
  });

  it('continue: false from PostToolUse asks the loop to stop after the call', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h } = ctx({ ran, decisions: { PostToolUse: { continue: false, stopReason: 'enough' } } });
    expect(await runToolCall(h, call, block())).toEqual({ event: 'PostToolUse', reason: 'enough' });
  });

  it('a tool that does not exist, or input that fails its schema, is a failed result, not a throw', async () => {
    const ran: Array<Record<string, unknown>> = [];
    const { h } = ctx({ ran });
    const missing = { ...block(), name: 'Nope' };
    await runToolCall(h, { id: 't1', name: 'Nope', input: {} }, missing);
    expect(missing.result).toBe('No such tool: Nope');
    const bad = block();
    await runToolCall(h, { id: 't1', name: 'Echo', input: { text: 42 } }, bad);
    expect(bad.result).toMatch(/^Invalid input for Echo: text: /);
    expect(ran).toEqual([]);
  });
});
