// The session's hook configuration in the protocol's words (protocol.ts): each hook's state (runs
// now, pending review, switched off, untrusted), the review of changed files, the problems, and the
// project hooks the trust dialog lists. Wire types only: nothing of the engine leaks to the UI.
import type { LoadedSources } from '../hooks/config/compose.js';
import { unreadSummary } from '../hooks/config/problems.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import type { FileChange, HookSummary } from '../hooks/config/snapshot.js';
import type { ConfiguredHook } from '../hooks/contract/types.js';
import type { ConfigState, FileReview, HookState, ProjectHookInfo, ReviewHook } from '../protocol/protocol.js';

const isProject = (h: Pick<ConfiguredHook, 'source'>) => h.source === 'project' || h.source === 'projectLocal';

function reviewHook(h: HookSummary): ReviewHook {
  return { event: h.event, matcher: h.matcher, name: h.name, command: h.command };
}

export function fileReview(c: FileChange, since: string | null = null): FileReview {
  return {
    kind: 'settings',
    trust: null,
    since,
    path: c.path,
    source: c.source as FileReview['source'],
    added: c.added.map(reviewHook),
    removed: c.removed.map(reviewHook),
    changed: c.changed.map((x) => ({ before: reviewHook(x.before), after: reviewHook(x.after) })),
    keys: c.keys,
    disableAllHooks: c.disableAllHooks,
    deleted: c.deleted,
    parseError: c.parseError,
  };
}

/**
 * The review (null session: nothing to review; `extra`: the trust store's change) and the problems
 * of the files on disk; what the session said at start.
 */
export function configState(session: SessionConfig | null, disk: LoadedSources, extra: FileReview[] = []): ConfigState {
  const since = new Map(session?.carried().map((c) => [c.path, c.since]) ?? []);
  const start = session?.startNotices() ?? null;
  return {
    review: [...(session ? session.review().map((c) => fileReview(c, since.get(c.path) ?? null)) : []), ...extra],
    problems: disk.problems,
    unread: unreadSummary(disk.files, disk.problems),
    start: start && { allHooksOff: start.allHooksOff, fewerHooks: start.fewerHooks },
  };
}

/** A function telling each hook on disk whether it runs in the session now. */
export function hookStates(session: SessionConfig | null, trusted: boolean): (h: ConfiguredHook) => HookState {
  const pending = session?.pending() ?? new Set<string>();
  const off = session?.sources().settings.disableAllHooks ?? false;
  return (h) => (isProject(h) && !trusted ? 'untrusted' : pending.has(h.id) ? 'pending' : off ? 'inactive' : 'active');
}

export function projectHooks(disk: LoadedSources): ProjectHookInfo[] {
  const all = [...disk.hooks, ...disk.untrustedHooks].filter(isProject);
  return all.map((h) => ({ event: h.event, matcher: h.matcher ?? null, command: h.summary, file: h.file! }));
}
