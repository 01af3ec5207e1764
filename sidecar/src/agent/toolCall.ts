// One tool call: PreToolUse → permission rules → PermissionRequest → canUseTool (or a headless
// denial) → the tool → PostToolUse (+ PostToolUseFailure). A call denied before it runs never
// fires PostToolUse. Returns a stop request when a hook answered `continue: false`.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { HookDecision } from '../hooks/contract/types.js';
import type { FireResult } from '../hooks/fire/manager.js';
import type { ModelToolCall } from '../models/types.js';
import type { CallSettings, LoopContext } from './loopContext.js';
import { contextBlock, hookWords } from './hookText.js';
import { hookText, newMessage, type ToolBlock } from './messages.js';
import { describeOwnFiles, ownFilesWritten, type OwnFile } from './ownFiles.js';
import { loadShellParser } from '../settings/shellParse.js';
import { askForOwnFiles, decidePermission, headlessDenial, type Verdict } from './permissions.js';
import { showUserParts } from './notices.js';
import type { AnyTool } from './tools/registry.js';
import type { ToolOutcome } from './tools/types.js';
import { toolOutputText } from './toolOutputText.js';
import { messageOf } from '../util/errors.js';
import { formatIssues } from '../util/zodIssues.js';

type Stop = { event: string; reason: string | null } | null;

function finish(agent: LoopContext, messageId: string, block: ToolBlock, outcome: Pick<ToolOutcome, 'success' | 'result' | 'error'>): void {
  block.stage = 'done';
  block.success = outcome.success;
  block.result = outcome.result;
  if (outcome.error !== undefined) block.error = outcome.error;
  agent.emit({ type: 'tool_result', messageId, id: block.id, name: block.name, success: outcome.success, result: outcome.result });
  agent.conversation.changed();
}

/** The hooks of this event that did not run go on the call's block (the chat's "why" under its card). */
function noted<R extends FireResult>(c: Call, r: R): R {
  if (r.notRun?.length) {
    c.block.hooksNotRun = [...(c.block.hooksNotRun ?? []), ...r.notRun];
    c.ctx.conversation.changed();
  }
  return r;
}

function stopOf(event: string, d: HookDecision): Stop {
  return d.continue ? null : { event, reason: d.stopReason };
}

/** Notification (logged only): fired without waiting, so the approval is not held up by its hooks. */
export function notifyUser(ctx: LoopContext, message: string, type: 'permission_prompt' | 'idle_prompt' | 'task_finished' = 'permission_prompt'): void {
  ctx.fire('Notification', { message, notification_type: type }).then(
    (r) => showUserParts(ctx.conversation, r.decision),
    (err: Error) => ctx.conversation.notice(`a Notification hook could not run: ${err.message}`),
  );
}

/** One call on its way through the stages, with the settings read once for all of them. */
interface Call {
  ctx: LoopContext;
  call: ModelToolCall;
  block: ToolBlock;
  tool: AnyTool;
  messageId: string;
  settings: CallSettings;
  fields: { tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string; mcp_server?: string };
  /** A hook answered `continue: false`: the loop stops after this call. */
  stop: Stop;
  /** After an approved write to Wave's settings files: takes the change into the session. */
  afterWrite?: (() => Promise<void>) | undefined;
}

function fail(c: Pick<Call, 'ctx' | 'messageId' | 'block'>, text: string): void {
  finish(c.ctx, c.messageId, c.block, { success: false, result: text, error: text });
}

/** A call that is not allowed to run: PermissionDenied fires (a hook may let the model retry), then the call fails. */
async function deny(c: Call, text: string, reason: string, input: Record<string, unknown> = c.fields.tool_input): Promise<void> {
  const { decision } = await c.ctx.fire('PermissionDenied', { ...c.fields, tool_input: input, reason });
  showUserParts(c.ctx.conversation, decision);
  fail(c, decision.retry ? `${text}\n${hookWords.retryAllowed()}` : text);
}

/** A relative `file_path` / `path` made absolute against the session's cwd before any hook sees it. */
export function absolutePaths(input: Record<string, unknown>, cwd: string): Record<string, unknown> {
  let out = input;
  for (const key of ['file_path', 'path']) {
    const v = input[key];
    if (typeof v === 'string' && v !== '' && !isAbsolute(v)) out = { ...out, [key]: resolve(cwd, v) };
  }
  return out;
}

/** PreToolUse: may block, deny, ask, allow, or rewrite the input. Returns the input to go on with, or null. */
async function preToolUse(c: Call): Promise<{ input: Record<string, unknown>; rewritten: boolean; decision: HookDecision } | null> {
  const pre = noted(c, await c.ctx.fire('PreToolUse', c.fields));
  const d = pre.decision;
  showUserParts(c.ctx.conversation, d);
  if (d.additionalContext) {
    // Context for the model about this call; it follows the tool result.
    c.ctx.conversation.push(newMessage('user', [contextBlock('PreToolUse', `PreToolUse:${c.call.name}`, d.additionalContext)], true));
  }
  c.stop = stopOf('PreToolUse', d);
  if (d.blocked || d.permissionDecision === 'deny') {
    await deny(c, hookWords.preToolBlocked(c.call.name, d), d.reason ?? d.permissionDecisionReason ?? 'denied by a PreToolUse hook');
    return null;
  }
  return { input: d.updatedInput ?? c.fields.tool_input, rewritten: d.updatedInput !== null, decision: d };
}

/** The text a Write replaces (up to 1 MB), for the approval's diff. */
function originalText(toolName: string, input: Record<string, unknown>): { original?: string } {
  if (toolName !== 'Write' || typeof input.file_path !== 'string') return {};
  try {
    if (statSync(input.file_path).size > 1_000_000) return {};
    return { original: readFileSync(input.file_path, 'utf8') };
  } catch {
    return {}; // a new file: all of it is added
  }
}

/** Who else may decide when the rules ask: a PermissionRequest hook, then the user (or a headless denial). */
type Asked = { denied: string } | { input: Record<string, unknown>; rewritten: boolean };

async function askForPermission(
  c: Call,
  input: Record<string, unknown>,
  verdict: Extract<Verdict, { behavior: 'ask' }>,
  ruleContent: string | undefined,
): Promise<Asked> {
  const pr = noted(c, await c.ctx.fire('PermissionRequest', { ...c.fields, tool_input: input }));
  showUserParts(c.ctx.conversation, pr.decision);
  c.stop ??= stopOf('PermissionRequest', pr.decision);
  const answer = pr.decision.permissionRequest;
  const name = c.call.name;
  if (pr.decision.blocked) {
    for (const b of pr.decision.blocks) c.ctx.conversation.notice(`PermissionRequest hook denied ${name}: ${b.reason}`);
    return { denied: hookWords.permissionDenied(name, 'a PermissionRequest hook denied it') };
  }
  if (answer?.behavior === 'deny') return { denied: hookWords.permissionDenied(name, answer.message ?? 'a PermissionRequest hook denied it') };
  // Wave's own files: only the user approves (a hook's allow does not).
  if (answer?.behavior === 'allow' && verdict.by !== 'ownFile') return { input: answer.updatedInput ?? input, rewritten: answer.updatedInput !== undefined };
  if (!c.ctx.canUseTool) return { denied: headlessDenial(name, ruleContent, verdict, c.ctx.permissionMode, c.tool.access) };
  notifyUser(c.ctx, `Wave needs your permission to use ${name}`);
  const shown = { ...(verdict.by === 'ownFile' ? { ownFiles: true as const } : {}), ...originalText(name, input) };
  const reply = await c.ctx.canUseTool({ toolName: name, input, toolUseId: c.call.id, reason: verdict.why, ...shown });
  if (reply.behavior === 'deny') return { denied: hookWords.permissionDenied(name, reply.message ?? 'the user said no') };
  return { input: reply.updatedInput ?? input, rewritten: reply.updatedInput !== undefined };
}

/** Rules and mode, then the others who may decide; returns the input the tool runs with, or null when denied. */
async function permission(c: Call, pre: NonNullable<Awaited<ReturnType<typeof preToolUse>>>): Promise<Record<string, unknown> | null> {
  const parsed = c.tool.schema.safeParse(pre.input);
  if (!parsed.success) {
    fail(c, `Invalid input for ${c.call.name}: ${formatIssues(parsed.error, { root: '(input)' })}`);
    return null;
  }
  const ruleContent = c.tool.ruleContent?.(parsed.data);
  const own = ownFilesOf(c, parsed.data);
  const ruled = decidePermission({
    toolName: c.call.name,
    access: c.tool.access,
    content: ruleContent,
    mode: c.ctx.permissionMode,
    rules: c.settings.permissionRules,
    workdir: c.ctx.cwd,
    hookDecision: pre.decision.permissionDecision,
    hookReason: pre.decision.permissionDecisionReason,
  });
  const verdict = askForOwnFiles(ruled, c.call.name, describeOwnFiles(own), c.ctx.permissionMode);
  if (own.length && verdict.behavior === 'allow') c.ctx.conversation.notice(hookWords.ownFilesUnasked(c.call.name, describeOwnFiles(own), verdict.why));
  const asked: Asked =
    verdict.behavior === 'deny'
      ? { denied: hookWords.permissionDenied(c.call.name, verdict.why) }
      : verdict.behavior === 'ask'
        ? await askForPermission(c, pre.input, verdict, ruleContent)
        : { input: pre.input, rewritten: false };
  if ('denied' in asked) {
    await deny(c, asked.denied, asked.denied, pre.input);
    return null;
  }
  if (pre.rewritten || asked.rewritten) c.block.effectiveParameters = asked.input;
  if (verdict.behavior === 'ask' && verdict.by === 'ownFile') {
    // The user approved this change (to the input it runs with): it applies once written.
    const written = ownFilesOf(c, asked.input).map((f) => f.path);
    c.afterWrite = written.length ? c.ctx.approvedOwnWrite?.(written) : undefined;
  } else if (ownFilesOf(c, asked.input).length > own.length && c.ctx.permissionMode !== 'bypassPermissions') {
    await deny(c, hookWords.permissionDenied(c.call.name, "the input it was approved with changes Wave's own files"), 'own files', asked.input);
    return null;
  }
  return asked.input;
}

/** Wave's own files a call's input writes (ownFiles.ts). */
function ownFilesOf(c: Call, input: unknown): OwnFile[] {
  if (c.tool.access !== 'edit' && c.tool.access !== 'execute') return [];
  return ownFilesWritten(c.call.name, input as Record<string, unknown>, { cwd: c.ctx.cwd, ...c.settings.ownFiles });
}

/** Runs the tool; a throw becomes a failed outcome. */
async function execute(c: Call, input: Record<string, unknown>): Promise<{ outcome: ToolOutcome; durationMs: number } | null> {
  const final = c.tool.schema.safeParse(input);
  if (!final.success) {
    fail(c, `Invalid input for ${c.call.name} after approval: ${formatIssues(final.error, { root: '(input)' })}`);
    return null;
  }
  c.block.stage = 'running';
  c.ctx.conversation.changed();
  const started = performance.now();
  let outcome: ToolOutcome;
  try {
    const envFile = c.settings.envFile ? { envFile: c.settings.envFile } : {};
    outcome = await c.tool.run(final.data, { cwd: c.ctx.cwd, env: c.settings.env, signal: c.ctx.signal, ...envFile });
  } catch (err) {
    const text = `${c.call.name} failed: ${messageOf(err)}`;
    outcome = { success: false, result: text, error: text, response: { success: false, error: text } };
  }
  finish(c.ctx, c.messageId, c.block, outcome);
  return { outcome, durationMs: Math.round(performance.now() - started) };
}

/** PostToolUse `updatedMCPToolOutput`: an MCP tool's output, as the model will see it, replaced by a hook (docs/hooks.md, PostToolUse). */
function replaceMcpOutput(c: Call, output: unknown): void {
  if (output === undefined || !c.call.name.startsWith('mcp__')) return;
  const parts = (output as { content?: unknown } | null)?.content;
  const text =
    typeof output === 'string'
      ? output
      : Array.isArray(parts)
        ? parts.map((p: { text?: unknown }) => (typeof p.text === 'string' ? p.text : JSON.stringify(p))).join('\n')
        : JSON.stringify(output);
  c.block.result = text;
  c.ctx.conversation.changed();
}

/** PostToolUse fires whether the tool succeeded or failed; PostToolUseFailure too on failure. */
async function postToolUse(c: Call, input: Record<string, unknown>, { outcome, durationMs }: { outcome: ToolOutcome; durationMs: number }): Promise<void> {
  const ran = { ...c.fields, tool_input: input };
  const response = { ...outcome.response, success: outcome.success };
  const post = noted(c, await c.ctx.fire('PostToolUse', { ...ran, tool_response: response, duration_ms: durationMs }));
  replaceMcpOutput(c, post.decision.updatedMCPToolOutput);
  if (post.decision.updatedToolOutput) replaceOutput(c, { ...response, ...post.decision.updatedToolOutput });
  feedback(c.ctx, 'PostToolUse', c.call.name, post.decision);
  c.stop ??= stopOf('PostToolUse', post.decision);
  if (outcome.success) return;
  const failure = noted(
    c,
    await c.ctx.fire('PostToolUseFailure', { ...ran, error: outcome.error ?? outcome.result, is_interrupt: false, duration_ms: durationMs }),
  );
  feedback(c.ctx, 'PostToolUseFailure', c.call.name, failure.decision);
  c.stop ??= stopOf('PostToolUseFailure', failure.decision);
}

/** A PostToolUse hook replaced the output: the model sees the new one; the block keeps the tool's own beside it. */
function replaceOutput(c: Call, output: Record<string, unknown>): void {
  c.block.originalResult ??= c.block.result ?? '';
  c.block.result = toolOutputText(output);
  c.ctx.conversation.changed();
}

export async function runToolCall(ctx: LoopContext, call: ModelToolCall, block: ToolBlock): Promise<Stop> {
  await loadShellParser(); // permission rules, `if` and Wave's own files read the command (loaded on the first call)
  const messageId = ctx.conversation.currentMessageId();
  ctx.emit({ type: 'tool_call', messageId, id: call.id, name: call.name, input: call.input });
  const tool = ctx.tools.get(call.name);
  if (!tool || call.inputError) {
    fail({ ctx, messageId, block }, tool ? call.inputError! : `No such tool: ${call.name}`);
    return null;
  }
  const fields = {
    tool_name: call.name,
    tool_input: absolutePaths(call.input, ctx.cwd),
    tool_use_id: call.id,
    ...(tool.mcpServer !== undefined ? { mcp_server: tool.mcpServer } : {}),
  };
  // One look at the settings for the whole call.
  const c: Call = { ctx, call, block, tool, messageId, settings: ctx.callSettings(), fields, stop: null };
  const pre = await preToolUse(c);
  const input = pre && (await permission(c, pre));
  const ran = input && (await execute(c, input));
  if (ran?.outcome.success) await c.afterWrite?.();
  if (input && ran) await postToolUse(c, input, ran);
  return c.stop;
}

/** A PostToolUse(Failure) block or context reaches the model as a hook message after the result. */
function feedback(agent: LoopContext, event: 'PostToolUse' | 'PostToolUseFailure', tool: string, d: HookDecision): void {
  showUserParts(agent.conversation, d);
  const parts: string[] = [];
  if (d.blocked) parts.push(hookWords.postToolBlocked(event, tool, d));
  if (d.additionalContext) parts.push(hookWords.context(event, `${event}:${tool}`, d.additionalContext));
  if (parts.length) agent.conversation.push(newMessage('user', [hookText(event, parts.join('\n\n'))], true));
}
