// The stdin of one hook: the common fields (session, transcript, cwd, mode, subagent) then the
// event's own payload from its row of the event table, in Claude Code's key order.
import { eventSpec, type EventInput, type HookEventName } from '../contract/events.js';
import type { FireContext } from './fireTypes.js';
import type { ConfiguredHook } from '../contract/types.js';
import type { HookStart } from '../run/launch.js';

/** Plugin hooks (Claude Code plugins) and `"transcript": "jsonl"` handlers read the JSON Lines transcript. */
function readsJsonl(hook: ConfiguredHook): boolean {
  return hook.source === 'plugin' || (hook.handler.type === 'command' && hook.handler.transcript === 'jsonl');
}

/** The stdin object of an event, in Claude Code's key order. */
export function eventPayload<E extends HookEventName>(event: E, input: EventInput<E>, ctx: FireContext, hook?: ConfiguredHook): Record<string, unknown> {
  const jsonl = ctx.transcriptJsonlPath;
  return {
    session_id: ctx.sessionId,
    transcript_path: jsonl && hook && readsJsonl(hook) ? jsonl : ctx.transcriptPath,
    ...(jsonl ? { transcript_jsonl_path: jsonl } : {}),
    cwd: ctx.cwd,
    ...(ctx.promptId ? { prompt_id: ctx.promptId } : {}),
    permission_mode: ctx.permissionMode,
    ...(ctx.subagent ? { subagent_type: ctx.subagent.type, agent_type: ctx.subagent.type, agent_id: ctx.subagent.id } : {}),
    hook_event_name: event,
    ...eventSpec(event).payload(input as Record<string, unknown>),
  };
}

/** Everything one hook's start is made of: its payload (with its transcript), environment, timeout. */
export function hookStart(
  event: HookEventName,
  hook: ConfiguredHook,
  input: Record<string, unknown>,
  ctx: FireContext,
  settingsEnv: HookStart['settingsEnv'],
  timeoutMs: number,
): HookStart {
  return {
    event,
    hook,
    payload: ctx.stdin ?? JSON.stringify(eventPayload(event, input as EventInput<HookEventName>, ctx, hook)),
    toolName: typeof input.tool_name === 'string' ? input.tool_name : '',
    sessionId: ctx.sessionId,
    cwd: ctx.cwd,
    settingsEnv,
    envFile: eventSpec(event).envFile ? ctx.envFile : undefined,
    timeoutMs,
    detachOnAsyncLine: hook.handler.type === 'command',
    input,
  };
}
