// The settings page's Test with the user's own input (docs/hooks.md, "Test with your own input"):
// the stdin the user wrote, checked field by field (a clear error names the field), turned into the
// event's input (its fields over the sample, as `wave hooks test --input` does) and the session
// fields a test may set (`cwd`, `permission_mode`); and the presets offered beside the sample.
import { isAbsolute } from 'node:path';
import { hookTestInput } from '../app/hookTest.js';
import { SECRET_PROMPT, toolPresets } from '../app/testPresets.js';
import { TOOL_NAMES } from '../app/tools.js';
import { matches } from '../hooks/contract/matcher.js';
import type { FireContext } from '../hooks/fire/manager.js';
import type { HookEventName } from '../hooks/contract/events.js';
import { PERMISSION_MODES, type PermissionMode } from '../protocol/wire.js';
import type { HookListItem, TestPreset } from '../protocol/protocol.js';
import type { TestInputRule } from '../protocol/refusal.js';
import { SettingsRefusal } from './settingsEdit.js';

/** The fields every hook gets from the session, not from the event. */
const SESSION_FIELDS = ['session_id', 'transcript_path', 'transcript_jsonl_path', 'cwd', 'permission_mode', 'hook_event_name', 'prompt_id'];

const bad = (field: string, must: TestInputRule, what: string, expected: string[] = []) =>
  new SettingsRefusal('refused', `the input's "${field}" ${what}`, { kind: 'badTestInput', field, must, expected, undone: null });

function checkFields(event: HookEventName, given: Record<string, unknown>): void {
  const { hook_event_name: name, tool_name: tool, tool_input: input, cwd, permission_mode: mode } = given;
  if (name !== undefined && name !== event) throw bad('hook_event_name', 'thisEvent', `is ${JSON.stringify(name)}, but this hook runs at ${event}`, [event]);
  if (tool !== undefined && (typeof tool !== 'string' || tool === '')) throw bad('tool_name', 'toolName', 'must be a tool name (a string)');
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) throw bad('tool_input', 'object', 'must be a JSON object');
  if (cwd !== undefined && (typeof cwd !== 'string' || !isAbsolute(cwd))) throw bad('cwd', 'absolutePath', 'must be an absolute path');
  if (mode !== undefined && !(PERMISSION_MODES as readonly unknown[]).includes(mode))
    throw bad('permission_mode', 'permissionMode', `must be one of ${PERMISSION_MODES.join(', ')}`, [...PERMISSION_MODES]);
}

/** The event input and the session fields of a test with the user's stdin; throws SettingsRefusal naming the field at fault. */
export function userTestInput(
  event: HookEventName,
  given: Record<string, unknown>,
  project: string,
  base: FireContext,
): { input: Record<string, unknown>; ctx: FireContext } {
  checkFields(event, given);
  const fields = Object.fromEntries(Object.entries(given).filter(([k]) => !SESSION_FIELDS.includes(k)));
  let input: Record<string, unknown>;
  try {
    input = hookTestInput(event, { input: fields, project });
  } catch (e) {
    throw new SettingsRefusal('refused', (e as Error).message);
  }
  const ctx: FireContext = {
    ...base,
    ...(typeof given.cwd === 'string' ? { cwd: given.cwd } : {}),
    ...(given.permission_mode !== undefined ? { permissionMode: given.permission_mode as PermissionMode } : {}),
  };
  return { input, ctx };
}

/**
 * The inputs offered for a test: the sample first (`sample`, the tool it picked), then for each
 * tool of the catalogue the hook's matcher accepts, the calls a guard is written to stop.
 */
export function testPresets(
  event: HookEventName,
  hook: Pick<HookListItem, 'matcher'>,
  sample: { tool: string | null; stdin: Record<string, unknown> },
  dirs: { project: string; home: string },
  stdinOf: (input: Record<string, unknown>) => Record<string, unknown>,
): TestPreset[] {
  const out: TestPreset[] = [{ key: 'sample', tool: sample.tool, stdin: sample.stdin }];
  if (event === 'UserPromptSubmit') out.push({ key: SECRET_PROMPT.key, tool: null, stdin: stdinOf({ prompt: SECRET_PROMPT.prompt }) });
  if (sample.tool === null) return out;
  const tools = TOOL_NAMES.filter((t) => matches(hook.matcher ?? undefined, t));
  for (const p of toolPresets(tools, dirs.project, dirs.home)) {
    out.push({ key: p.key, tool: p.tool, stdin: stdinOf(hookTestInput(event, { tool: p.tool, input: { tool_input: p.tool_input }, project: dirs.project })) });
  }
  return out;
}
