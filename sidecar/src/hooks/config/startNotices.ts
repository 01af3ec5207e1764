// What a session says when it starts (docs/hooks.md, "Changes during a session"): the files it runs
// from their last approved content because an earlier session's change to them is unreviewed, and
// whether it starts with every hook off (`disableAllHooks`) or with fewer hooks than the project's
// last session. The project's record (hook count, when its sessions ran) is kept in the approved
// store; the sessions' times also tell a `.wave/` the agent made below the project (projectRoot.ts).
import type { ApprovedStore, ProjectRecord } from '../../settings/approved.js';
import type { LoadedSources } from './compose.js';
import type { FileChange } from './snapshot.js';

/** A file a session starts from its last approved content, not from the disk (an earlier session's change is unreviewed). */
export interface CarriedChange {
  path: string;
  /** When the earlier session saw the change (ISO time). */
  since: string;
}

export interface StartNotices {
  carried: CarriedChange[];
  /** The file whose `disableAllHooks` turns every hook off at start, or null. */
  allHooksOff: string | null;
  /** The project's last session started with more hooks than this one. */
  fewerHooks: { before: number; now: number } | null;
}

/** How many session times a project keeps. */
const KEEP_SESSIONS = 20;

/** The session's start notices; records this session in the project's record. */
export function startNotices(store: ApprovedStore | null, workdir: string, sources: LoadedSources, carried: CarriedChange[], now = Date.now()): StartNotices {
  const last = store?.lastSession(workdir) ?? null;
  const count = sources.settings.disableAllHooks ? 0 : sources.hooks.length;
  const before = last?.hooks ?? 0;
  const record: ProjectRecord = { hooks: count, sessions: [...(last?.sessions ?? []), { start: now, end: null }].slice(-KEEP_SESSIONS) };
  store?.saveSession(workdir, record);
  return {
    carried,
    allHooksOff: sources.settings.disableAllHooks ? (sources.settings.disabledBy ?? '') : null,
    fewerHooks: !sources.settings.disableAllHooks && count < before ? { before, now: count } : null,
  };
}

/** The session started at `start` ended now. */
export function endSession(store: ApprovedStore | null, workdir: string, start: number, now = Date.now()): void {
  const last = store?.lastSession(workdir);
  if (!last) return;
  const sessions = last.sessions.map((s) => (s.start === start && s.end === null ? { ...s, end: now } : s));
  store!.saveSession(workdir, { ...last, sessions });
}

/** A file's change in a few words: hooks added / removed / changed, `disableAllHooks`, other keys. */
export function describeChange(c: FileChange | undefined): string {
  if (!c) return 'its content differs';
  const parts: string[] = [];
  const n = (k: number, what: string) => `${k} hook${k === 1 ? '' : 's'} ${what}`;
  if (c.added.length) parts.push(n(c.added.length, 'added'));
  if (c.removed.length) parts.push(n(c.removed.length, 'removed'));
  if (c.changed.length) parts.push(n(c.changed.length, 'changed'));
  if (c.disableAllHooks !== null) parts.push(`"disableAllHooks": ${c.disableAllHooks}`);
  const keys = c.keys.filter((k) => k !== 'disableAllHooks');
  if (keys.length) parts.push(`${keys.join(', ')} changed`);
  if (c.deleted) parts.push('the file was deleted');
  if (c.parseError) parts.push(`not valid JSON at line ${c.parseError.line}`);
  return parts.join(', ') || 'its content differs';
}

const UNTIL =
  'this run uses its last approved content until the change is applied or reverted in the review banner of the Wave window (or `wave hooks review`)';

/** The notices as lines for `wave -p` on stderr. */
export function startLines(n: StartNotices, describe: (path: string) => string): string[] {
  const lines = n.carried.map((c) => `${c.path} was changed during an earlier session (${c.since}) and was not reviewed (${describe(c.path)}); ${UNTIL}`);
  if (n.allHooksOff !== null) lines.push(`every hook is off in this run: "disableAllHooks": true in ${n.allHooksOff || 'the settings'}`);
  if (n.fewerHooks)
    lines.push(
      `this run starts with ${n.fewerHooks.now} hook${n.fewerHooks.now === 1 ? '' : 's'}, fewer than the last run of this project (${n.fewerHooks.before})`,
    );
  return lines;
}

export function carriedFlagLine(path: string, since: string): string {
  return `--settings ${path} was changed during an earlier session (${since}) and was not reviewed; ${UNTIL}`;
}
