// Re-run with this input (docs/hooks.md, "The settings page"): a recorded run's stdin, as the hook
// got it, given again to that hook as it is on disk now — found in the current settings by its
// identity (file, event, matcher, command) — so the user sees the old decision next to the new one.
// A re-run is a test run: its history line says `"test": true`. A run that cannot be re-run says
// why (no stdin kept, stdin cut, hook gone or changed, another project's hook, untrusted workspace).
import { existsSync } from 'node:fs';
import { TEST_SESSION } from '../app/hookTest.js';
import { isHookEvent, type HookEventName } from '../hooks/contract/events.js';
import { readHistory, type HistoryLine, type HistoryWriter } from '../hooks/history/history.js';
import { statsKey } from '../hooks/history/stats.js';
import type { FireContext } from '../hooks/fire/manager.js';
import { PERMISSION_MODES, type PermissionMode } from '../protocol/wire.js';
import type { HookListItem, HookRerunResult, RerunRefusal } from '../protocol/protocol.js';
import { SettingsRefusal } from './settingsEdit.js';
import { summarize } from './hookSummary.js';
import { testFiring } from './testFiring.js';

export interface RerunOptions {
  file: string;
  workdir: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  hooks: readonly HookListItem[];
  history: HistoryWriter;
}

const PROJECT_SOURCES = new Set(['project', 'projectLocal']);

/** The hook of a recorded run in the current settings, or why there is none to run. */
function hookOf(before: HistoryLine, o: RerunOptions): { hook: HookListItem } | { refused: RerunRefusal; detail: string | null } {
  if (before.stdinErased) return { refused: 'erased', detail: null };
  if (!before.stdin) return { refused: 'noStdin', detail: null };
  if (before.stdinCut) return { refused: 'stdinCut', detail: null };
  if (before.project && before.project !== o.workdir && PROJECT_SOURCES.has(before.source)) return { refused: 'otherProject', detail: before.project };
  const key = statsKey(before);
  const hook = o.hooks.find((h) => statsKey(h) === key);
  if (hook) return hook.state === 'untrusted' ? { refused: 'untrusted', detail: null } : { hook };
  // The same place (file, event, name) with another command or matcher: it changed since the run.
  const now = o.hooks.find((h) => h.file === before.file && h.event === before.event && h.description === before.name);
  return now ? { refused: 'changed', detail: `${now.matcher ?? ''}\n${now.command}` } : { refused: 'gone', detail: null };
}

/** The session fields the recorded stdin names (its cwd when it still exists, else the project). */
function contextOf(stdin: Record<string, unknown>, workdir: string, hookId: string, text: string): FireContext {
  const str = (k: string) => (typeof stdin[k] === 'string' ? (stdin[k] as string) : '');
  const mode = PERMISSION_MODES.find((m) => m === stdin.permission_mode) ?? ('default' satisfies PermissionMode);
  return {
    sessionId: str('session_id') || TEST_SESSION,
    transcriptPath: str('transcript_path'),
    cwd: str('cwd') && existsSync(str('cwd')) ? str('cwd') : workdir,
    permissionMode: mode,
    only: (h) => h.id === hookId,
    stdin: text,
  };
}

function parseStdin(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Runs the hook of the recorded run `id` again, on its recorded stdin. */
export async function rerunHook(id: string, o: RerunOptions): Promise<HookRerunResult> {
  const before = readHistory(o.file).findLast((l) => l.id === id);
  if (!before) throw new SettingsRefusal('not_found', 'that run is no longer in the run history', { kind: 'runGone', undone: null });
  const found = hookOf(before, o);
  const refuse = (refused: RerunRefusal, detail: string | null): HookRerunResult => ({ before, after: null, summary: null, refused, detail });
  if ('refused' in found) return refuse(found.refused, found.detail);
  const stdin = parseStdin(before.stdin ?? '');
  if (!stdin || !isHookEvent(before.event)) return refuse('noStdin', null);
  const event: HookEventName = before.event;
  const ctx = contextOf(stdin, o.workdir, found.hook.id, before.stdin ?? '');
  const { planned, decision, runs } = await testFiring(o, event, stdin, ctx);
  const after = runs.find((r) => r.hookId === found.hook.id) ?? null;
  if (!after) return refuse('notRun', planned.skipped.find((k) => k.hook?.id === found.hook.id)?.reason ?? null);
  return { before, after, summary: summarize(decision), refused: null, detail: null };
}
