// The session's snapshot of hook configuration and its review (docs/hooks.md, "Changes during a
// session"): a session runs its hooks from the files as they were when it started; a file that
// changed on disk is compared with its snapshot, hook by hook and key by key, so the user can see
// what changed (hooks added, removed, changed, disableAllHooks, other keys) and apply it or not.
// Pure functions: the session's settings object (sessionConfig.ts) keeps the state.
import { isDeepStrictEqual } from 'node:util';
import type { FileSettings } from './sources.js';
import type { ConfigSourceName, ConfiguredHook, HookSource } from '../contract/types.js';

export function configSourceOf(source: HookSource): ConfigSourceName {
  switch (source) {
    case 'user':
      return 'user_settings';
    case 'project':
      return 'project_settings';
    case 'projectLocal':
      return 'local_settings';
    default:
      return 'plugin';
  }
}

export interface HookSummary {
  event: string;
  matcher: string | null;
  name: string;
  command: string;
  jsonPath: string;
  line: number | null;
}

/** What changed in one settings file, compared with the session's snapshot of it. */
export interface FileChange {
  path: string;
  source: HookSource;
  configSource: ConfigSourceName;
  added: HookSummary[];
  removed: HookSummary[];
  changed: Array<{ before: HookSummary; after: HookSummary }>;
  /** Top-level keys besides hooks whose value changed (env, permissions, disableAllHooks, model, …). */
  keys: string[];
  /** `disableAllHooks` on disk, when it is one of the changed keys. */
  disableAllHooks: boolean | null;
  /** The file does not exist on disk any more. */
  deleted: boolean;
  /** The file is not valid JSON on disk: applying would drop all of its hooks. */
  parseError: { line: number; column: number; message: string } | null;
}

/** A hook's identity across versions of its file: event, matcher, handler and its group's `parallel` (not its position). */
export function hookKey(h: ConfiguredHook): string {
  return JSON.stringify(h.parallel ? [h.event, h.matcher ?? null, h.handler, 'parallel'] : [h.event, h.matcher ?? null, h.handler]);
}

export function summary(h: ConfiguredHook): HookSummary {
  return { event: h.event, matcher: h.matcher ?? null, name: h.displayName, command: h.summary, jsonPath: h.jsonPath, line: h.line ?? null };
}

/** The hooks of `a` not in `b`, counting duplicates (a multiset difference by hookKey). */
function minus(a: readonly ConfiguredHook[], b: readonly ConfiguredHook[]): ConfiguredHook[] {
  const counts = new Map<string, number>();
  for (const h of b) counts.set(hookKey(h), (counts.get(hookKey(h)) ?? 0) + 1);
  return a.filter((h) => {
    const n = counts.get(hookKey(h)) ?? 0;
    if (n > 0) counts.set(hookKey(h), n - 1);
    return n === 0;
  });
}

function changedKeys(active: FileSettings | undefined, disk: FileSettings | undefined): string[] {
  const a: Record<string, unknown> = { ...active?.keys };
  const b: Record<string, unknown> = { ...disk?.keys };
  const names = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== '$schema'));
  return [...names].filter((k) => !isDeepStrictEqual(a[k], b[k]));
}

/** The change of one file, or null when the disk says the same as the snapshot. */
export function diffFile(active: FileSettings | undefined, disk: FileSettings | undefined): FileChange | null {
  const file = (disk ?? active)!.file;
  const added = minus(disk?.hooks ?? [], active?.hooks ?? []);
  const removed = minus(active?.hooks ?? [], disk?.hooks ?? []);
  // A hook whose place in the file stayed but whose content changed is one change, not two.
  const changed: FileChange['changed'] = [];
  for (const after of [...added]) {
    const i = removed.findIndex((r) => r.jsonPath === after.jsonPath);
    if (i < 0) continue;
    changed.push({ before: summary(removed[i]!), after: summary(after) });
    removed.splice(i, 1);
    added.splice(added.indexOf(after), 1);
  }
  const keys = changedKeys(active, disk);
  const parseError = disk?.file.parseError ?? null;
  const deleted = !(disk?.file.exists ?? false) && (active?.file.exists ?? false);
  const newlyBroken = parseError !== null && !isDeepStrictEqual(parseError, active?.file.parseError ?? null);
  if (!added.length && !removed.length && !changed.length && !keys.length && !deleted && !newlyBroken) return null;
  return {
    path: file.path,
    source: file.source,
    configSource: configSourceOf(file.source),
    added: added.map(summary),
    removed: removed.map(summary),
    changed,
    keys,
    disableAllHooks: keys.includes('disableAllHooks') ? (disk?.keys.disableAllHooks ?? false) : null,
    deleted,
    parseError,
  };
}

/** Every file whose disk version differs from the snapshot, in run order. */
export function diffFiles(active: readonly FileSettings[], disk: readonly FileSettings[]): FileChange[] {
  const byPath = new Map(active.map((f) => [f.file.path, f]));
  const out: FileChange[] = [];
  for (const d of disk) {
    const c = diffFile(byPath.get(d.file.path), d);
    byPath.delete(d.file.path);
    if (c) out.push(c);
  }
  for (const a of byPath.values()) {
    const c = diffFile(a, undefined); // a plugin that was removed
    if (c) out.push(c);
  }
  return out;
}

/** Whether each hook on disk runs in the session now: `active`, or `pending` (not in the snapshot). */
export function pendingIds(disk: readonly FileSettings[], active: readonly FileSettings[]): Set<string> {
  const byPath = new Map(active.map((f) => [f.file.path, f]));
  const pending = new Set<string>();
  for (const d of disk) for (const h of minus(d.hooks, byPath.get(d.file.path)?.hooks ?? [])) pending.add(h.id);
  return pending;
}

/**
 * The snapshot with `file` taken from the disk (or dropped when it is gone), keeping run order: the
 * disk's order of files, with files only the snapshot has kept where they were.
 */
export function applyFile(active: readonly FileSettings[], disk: readonly FileSettings[], path: string): FileSettings[] {
  const fresh = disk.find((f) => f.file.path === path);
  const out = active.filter((f) => f.file.path !== path || fresh);
  const at = out.findIndex((f) => f.file.path === path);
  if (fresh && at >= 0) out[at] = fresh;
  else if (fresh) {
    const order = disk.map((f) => f.file.path);
    const rank = (p: string) => (order.includes(p) ? order.indexOf(p) : -1);
    const before = out.findIndex((f) => rank(f.file.path) > rank(path));
    out.splice(before < 0 ? out.length : before, 0, fresh);
  }
  return out;
}

/** The snapshot without one hook of one file (the user deleted it on the settings page). */
export function withoutHook(active: readonly FileSettings[], path: string, key: string): FileSettings[] {
  return active.map((f) => {
    if (f.file.path !== path) return f;
    const i = f.hooks.findIndex((h) => hookKey(h) === key);
    return i < 0 ? f : { ...f, hooks: f.hooks.filter((_, j) => j !== i) };
  });
}
