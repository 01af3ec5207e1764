// Turns the raw `hooks` value of one source into configured hooks and problems (docs/hooks.md, "Validation"). Every
// group and handler is checked with the one schema (schema.ts) on its own, so a bad entry is
// dropped alone with a message naming the file, the JSON path, the line and the reason.
import { EVENT_NAMES, EVENTS, isClaudeCodeOnlyEvent, isHookEvent, type HookEventName } from '../contract/events.js';
import { readHandler, summarize } from './handlerRead.js';
import { MAX_MATCHER_LENGTH } from '../contract/matcher.js';
import type { ConfigProblem, ConfiguredHook, HookSource } from '../contract/types.js';
import { formatJsonPath, type JsonPath, type Position } from '../../settings/jsonFile.js';
import { isObject } from '../../util/objects.js';

export interface HookOrigin {
  source: HookSource;
  /** Absolute path, or null for programmatic hooks. */
  file: string | null;
  /** Where the hooks object sits in its file (`['hooks']`). */
  basePath: JsonPath;
  locate?: (path: JsonPath) => Position | undefined;
  plugin?: { name: string; root: string; data?: string };
}

export interface HooksReadResult {
  hooks: ConfiguredHook[];
  problems: ConfigProblem[];
  /** Handlers that were written but will not run (their entry was rejected), per event name. */
  rejected: Record<string, number>;
}

/** Edit distance of two short strings (event names), case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[y.length]!;
}

/** The real event a misspelt name was meant to be (`PretoolUse` → PreToolUse), or null. */
export function nearMissEvent(name: string): string | null {
  if (name.length > 40) return null;
  let best: { event: string; d: number } | null = null;
  for (const event of EVENT_NAMES) {
    const d = distance(name, event);
    if (d <= 2 && (!best || d < best.d)) best = { event, d };
  }
  return best?.event ?? null;
}

const handlerCount = (groups: unknown): number =>
  Array.isArray(groups) ? groups.reduce((n: number, g: unknown) => n + (isObject(g) && Array.isArray(g.hooks) ? g.hooks.length : 0), 0) : 0;

export { summarize as summarizeCommand } from './handlerRead.js';

/** Reads one source's `hooks` value entry by entry, collecting hooks, problems and what was rejected. */
class HooksReader {
  readonly hooks: ConfiguredHook[] = [];
  readonly problems: ConfigProblem[] = [];
  readonly rejected: Record<string, number> = {};

  constructor(private readonly origin: HookOrigin) {}

  problem(severity: ConfigProblem['severity'], path: JsonPath, message: string): void {
    const full = [...this.origin.basePath, ...path];
    // A missing key (e.g. "command is required") has no position: point at its nearest parent.
    let pos: Position | undefined;
    for (let n = full.length; n > 0 && !pos; n--) pos = this.origin.locate?.(full.slice(0, n));
    this.problems.push({
      severity,
      file: this.origin.file ?? '<programmatic>',
      path: formatJsonPath(full),
      ...(pos ? { line: pos.line, column: pos.column } : {}),
      message,
    });
  }

  private reject(event: string, n: number): void {
    if (n > 0) this.rejected[event] = (this.rejected[event] ?? 0) + n;
  }

  readEvent(event: string, groups: unknown): void {
    if (!isHookEvent(event) && isClaudeCodeOnlyEvent(event)) {
      this.problem('warning', [event], `${event} is a Claude Code event that Wave does not fire: its hooks never run`);
      return;
    }
    if (!isHookEvent(event)) {
      const meant = nearMissEvent(event);
      if (meant) {
        this.reject(meant, handlerCount(groups));
        this.problem('error', [event], `unknown event "${event}": did you mean ${meant}? Its hooks do not run until the name is fixed`);
      } else this.problem('warning', [event], `unknown event "${event}" is ignored (known events: ${EVENT_NAMES.join(', ')})`);
      return;
    }
    if (!Array.isArray(groups)) {
      this.problem('error', [event], `${event} must be an array of matcher groups ({ "matcher": "...", "hooks": [...] })`);
      return;
    }
    groups.forEach((group: unknown, g) => this.readGroup(event, group, g));
  }

  /** The group's matcher, or `skip` when the group cannot be read. */
  private matcherOf(event: HookEventName, group: Record<string, unknown>, g: number): { matcher: string | undefined } | 'skip' {
    if (group.matcher === undefined) return { matcher: undefined };
    if (typeof group.matcher !== 'string') {
      this.reject(event, handlerCount([group]));
      this.problem('error', [event, g, 'matcher'], 'matcher must be a string; this group is skipped');
      return 'skip';
    }
    if (group.matcher.length > MAX_MATCHER_LENGTH) {
      this.problem(
        'error',
        [event, g, 'matcher'],
        `matcher is ${group.matcher.length} characters long, over the limit of ${MAX_MATCHER_LENGTH}; this group is skipped`,
      );
      return 'skip';
    }
    if (EVENTS[event].matcherField) return { matcher: group.matcher };
    if (group.matcher.trim() !== '' && group.matcher.trim() !== '*')
      this.problem('warning', [event, g, 'matcher'], `${event} takes no matcher; "${group.matcher}" is ignored`);
    return { matcher: undefined };
  }

  private readGroup(event: HookEventName, group: unknown, g: number): void {
    if (!isObject(group)) {
      this.problem('error', [event, g], 'a matcher group must be an object with a "hooks" array');
      return;
    }
    const m = this.matcherOf(event, group, g);
    if (m === 'skip') return;
    if (!Array.isArray(group.hooks)) {
      this.problem('error', [event, g, 'hooks'], 'hooks must be an array of handlers ({ "type": "command", "command": "..." })');
      return;
    }
    const parallel = this.parallelOf(event, group, g);
    group.hooks.forEach((entry: unknown, h) => this.readHandler(event, { matcher: m.matcher, parallel }, entry, g, h));
  }

  /**
   * The group's `parallel` flag (docs/hooks.md, "Parallel groups"). A wrong value never costs a hook:
   * the group runs in sequence, with a warning; so do the groups of an event whose first path wins.
   */
  private parallelOf(event: HookEventName, group: Record<string, unknown>, g: number): boolean {
    if (group.parallel === undefined || group.parallel === false) return false;
    if (group.parallel !== true) {
      this.problem('warning', [event, g, 'parallel'], 'parallel must be true or false; this group runs its hooks one after another');
      return false;
    }
    if (EVENTS[event].firstPathWins) {
      this.problem(
        'warning',
        [event, g, 'parallel'],
        `${event} hooks always run one after another (the first that prints a path supplies it, the ones after it do not run); "parallel" is ignored`,
      );
      return false;
    }
    return true;
  }

  private readHandler(event: HookEventName, group: { matcher: string | undefined; parallel: boolean }, entry: unknown, g: number, h: number): void {
    const { matcher } = group;
    const at: JsonPath = [event, g, 'hooks', h];
    const read = readHandler(entry);
    for (const issue of read.issues) this.problem(issue.severity, [...at, ...issue.path], issue.message);
    if (!read.handler) {
      if (read.rejected) this.reject(event, 1);
      return;
    }
    const { handler, summary } = read;
    if (handler.if !== undefined && EVENTS[event].matcherField !== 'tool_name') {
      this.problem('warning', [...at, 'if'], `"if" applies to tool events only; on ${event} it is ignored`);
    }
    const { origin } = this;
    const pos = origin.locate?.([...origin.basePath, ...at]);
    const matcherPos = matcher !== undefined ? origin.locate?.([...origin.basePath, event, g, 'matcher']) : undefined;
    this.hooks.push({
      id: `${origin.source}:${origin.file ?? '<programmatic>'}#${event}/${g}/${h}`,
      event,
      source: origin.source,
      file: origin.file,
      jsonPath: formatJsonPath([...origin.basePath, ...at]),
      ...(pos ? { line: pos.line } : {}),
      ...(matcherPos ? { matcherAt: matcherPos } : {}),
      groupIndex: g,
      handlerIndex: h,
      matcher,
      ...(group.parallel ? { parallel: true as const } : {}),
      handler,
      summary,
      displayName: handler.description?.trim() || handler.name?.trim() || summarize(summary),
      ...(origin.plugin ? { plugin: origin.plugin } : {}),
    });
  }
}

export function readHooksConfig(raw: unknown, origin: HookOrigin): HooksReadResult {
  const reader = new HooksReader(origin);
  if (raw !== undefined && !isObject(raw)) reader.problem('error', [], 'hooks must be an object whose keys are event names');
  else if (raw !== undefined) for (const [event, groups] of Object.entries(raw)) reader.readEvent(event, groups);
  return { hooks: reader.hooks, problems: reader.problems, rejected: reader.rejected };
}
