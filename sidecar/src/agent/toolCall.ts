// One tool call: PreToolUse → permission rules → PermissionRequest → canUseTool (or a headless
// denial) → the tool → PostToolUse (+ PostToolUseFailure). A call denied before it runs never
// fires PostToolUse. Returns a stop request when a hook answered `continue: false`.
import type { HookDecision } from '../hooks/types.js';
import type { ModelToolCall } from '../models/types.js';
import type { LoopHost } from './host.js';
import { hookWords } from './hookText.js';
import { hookText, newMessage, type ToolBlock } from './messages.js';
import { decidePermission, headlessDenial } from './permissions.js';
import { showUserParts } from './loop.js';
import type { ToolOutcome } from './tools/types.js';

type Stop = { event: string; reason: string | null } | null;

function finish(agent: LoopHost, messageId: string, block: ToolBlock, outcome: Pick<ToolOutcome, 'success' | 'result' | 'error'>): void {
  block.stage = 'done';
  block.success = outcome.success;
  block.result = outcome.result;
  if (outcome.error !== undefined) block.error = outcome.error;
  agent.emit({ type: 'tool_result', messageId, id: block.id, name: block.name, success: outcome.success, result: outcome.result });
  agent.conversation.changed();
}

function stopOf(event: string, d: HookDecision): Stop {
  return d.continue ? null : { event, reason: d.stopReason };
}

export async function runToolCall(agent: LoopHost, call: ModelToolCall, block: ToolBlock): Promise<Stop> {
  const messageId = agent.conversation.currentMessageId();
  const settings = agent.callSettings(); // one look at the settings for the whole call
  agent.emit({ type: 'tool_call', messageId, id: call.id, name: call.name, input: call.input });
  const tool = agent.tools.get(call.name);
  if (!tool) {
    finish(agent, messageId, block, { success: false, result: `No such tool: ${call.name}`, error: `No such tool: ${call.name}` });
    return null;
  }
  if (call.inputError) {
    finish(agent, messageId, block, { success: false, result: call.inputError, error: call.inputError });
    return null;
  }

  // PreToolUse: may block, deny, ask, allow, or rewrite the input.
  const toolFields = { tool_name: call.name, tool_input: call.input, tool_use_id: call.id };
  const pre = await agent.fire('PreToolUse', toolFields);
  showUserParts(agent.conversation, pre.decision);
  if (pre.decision.additionalContext) {
    // Context for the model about this call; it follows the tool result.
    agent.conversation.push(newMessage('user', [hookText('PreToolUse', hookWords.context('PreToolUse', `PreToolUse:${call.name}`, pre.decision.additionalContext))], true));
  }
  let stop = stopOf('PreToolUse', pre.decision);
  if (pre.decision.blocked || pre.decision.permissionDecision === 'deny') {
    const text = hookWords.preToolBlocked(call.name, pre.decision);
    finish(agent, messageId, block, { success: false, result: text, error: text });
    return stop;
  }
  let input: Record<string, unknown> = pre.decision.updatedInput ?? call.input;
  let rewritten = pre.decision.updatedInput !== null;

  const parsed = tool.schema.safeParse(input);
  if (!parsed.success) {
    const text = `Invalid input for ${call.name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; ')}`;
    finish(agent, messageId, block, { success: false, result: text, error: text });
    return stop;
  }

  // Permission: rules and mode, then the PermissionRequest hook, then the user (or a denial).
  const verdict = decidePermission({
    toolName: call.name,
    access: tool.access,
    content: tool.ruleContent?.(parsed.data as never),
    mode: agent.permissionMode,
    rules: settings.permissionRules,
    workdir: agent.cwd,
    hookDecision: pre.decision.permissionDecision,
    hookReason: pre.decision.permissionDecisionReason,
  });
  let denied: string | null = verdict.behavior === 'deny' ? hookWords.permissionDenied(call.name, verdict.why) : null;
  if (verdict.behavior === 'ask') {
    const pr = await agent.fire('PermissionRequest', { ...toolFields, tool_input: input });
    showUserParts(agent.conversation, pr.decision);
    stop ??= stopOf('PermissionRequest', pr.decision);
    const answer = pr.decision.permissionRequest;
    if (pr.decision.blocked) {
      for (const b of pr.decision.blocks) agent.conversation.notice(`PermissionRequest hook denied ${call.name}: ${b.reason}`);
      denied = hookWords.permissionDenied(call.name, 'a PermissionRequest hook denied it');
    } else if (answer?.behavior === 'deny') {
      denied = hookWords.permissionDenied(call.name, answer.message ?? 'a PermissionRequest hook denied it');
    } else if (answer?.behavior === 'allow') {
      if (answer.updatedInput) [input, rewritten] = [answer.updatedInput, true];
    } else if (agent.canUseTool) {
      const reply = await agent.canUseTool({ toolName: call.name, input, toolUseId: call.id, reason: verdict.why });
      if (reply.behavior === 'deny') denied = hookWords.permissionDenied(call.name, reply.message ?? 'the user said no');
      else if (reply.updatedInput) [input, rewritten] = [reply.updatedInput, true];
    } else {
      denied = headlessDenial(call.name, tool.ruleContent?.(parsed.data as never), verdict, agent.permissionMode, tool.access);
    }
  }
  if (denied) {
    finish(agent, messageId, block, { success: false, result: denied, error: denied });
    return stop;
  }
  if (rewritten) block.effectiveParameters = input;
  const final = tool.schema.safeParse(input);
  if (!final.success) {
    const text = `Invalid input for ${call.name} after approval: ${final.error.message}`;
    finish(agent, messageId, block, { success: false, result: text, error: text });
    return stop;
  }

  // Run it.
  block.stage = 'running';
  agent.conversation.changed();
  const started = performance.now();
  let outcome: ToolOutcome;
  try {
    outcome = await tool.run(final.data as never, { cwd: agent.cwd, env: settings.env, signal: agent.signal });
  } catch (err) {
    const text = `${call.name} failed: ${(err as Error).message}`;
    outcome = { success: false, result: text, error: text, response: { success: false, error: text } };
  }
  finish(agent, messageId, block, outcome);
  const duration_ms = Math.round(performance.now() - started);

  // PostToolUse fires whether the tool succeeded or failed; PostToolUseFailure too on failure.
  const ranFields = { ...toolFields, tool_input: input };
  const post = await agent.fire('PostToolUse', { ...ranFields, tool_response: { ...outcome.response, success: outcome.success }, duration_ms });
  feedback(agent, 'PostToolUse', call.name, post.decision);
  stop ??= stopOf('PostToolUse', post.decision);
  if (!outcome.success) {
    const fail = await agent.fire('PostToolUseFailure', { ...ranFields, error: outcome.error ?? outcome.result, is_interrupt: false, duration_ms });
    feedback(agent, 'PostToolUseFailure', call.name, fail.decision);
    stop ??= stopOf('PostToolUseFailure', fail.decision);
  }
  return stop;
}

/** A PostToolUse(Failure) block or context reaches the model as a hook message after the result. */
function feedback(agent: LoopHost, event: 'PostToolUse' | 'PostToolUseFailure', tool: string, d: HookDecision): void {
  showUserParts(agent.conversation, d);
  const parts: string[] = [];
  if (d.blocked) parts.push(hookWords.postToolBlocked(event, tool, d));
  if (d.additionalContext) parts.push(hookWords.context(event, `${event}:${tool}`, d.additionalContext));
  if (parts.length) agent.conversation.push(newMessage('user', [hookText(event, parts.join('\n\n'))], true));
}
