// Helpers for the end-to-end tests of long-running work (issue 4): a model-script router that
// answers the main agent, each subagent and the compaction summary requests from their own queues
// (the scripted model server replays ONE list across all requests, and background work makes their
// order nondeterministic), wire helpers and small shell snippets for hook scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPACT_PROMPT } from '../../../sidecar/src/agent/compaction.js';
import { HANG_MS } from '../../limits.js';
import { sq, systemOf, userTexts, wireItems, type RecordedRequest, type ScriptStep, type ScriptedTurn } from '../harness.js';

export { COMPACT_PROMPT };

/** Environment for every run: a bounded wait for background work. */
export const SETTLE_ENV = { WAVE_SETTLE_SECONDS: '15' };
export const BYPASS = ['--permission-mode', 'bypassPermissions'];

export type Handler = ScriptedTurn | ((req: RecordedRequest, i: number) => ScriptedTurn | Promise<ScriptedTurn>);

const FOREVER = Symbol('forever');
/** As the last item of a route's list: answers every further request of that role. */
export function forever(h: Handler): Handler {
  const f = (req: RecordedRequest, i: number) => (typeof h === 'function' ? h(req, i) : h);
  return Object.assign(f, { [FOREVER]: true });
}

/**
 * Who sent a request: `summary` (a compaction summary request), `sub:<type>` (a subagent or a
 * workflow's subagent, by the line the subagent system prompt carries) or `main`.
 */
export function roleOf(req: RecordedRequest): string {
  const users = userTexts(req);
  const last = users[users.length - 1] ?? '';
  if (last.includes(COMPACT_PROMPT.slice(0, 60))) return 'summary';
  const sub = /# You are a subagent \(([^)\n]+)\)/.exec(systemOf(req));
  return sub ? `sub:${sub[1]}` : 'main';
}

export interface RoutedCall {
  role: string;
  req: RecordedRequest;
  /** Index of this call within its role. */
  i: number;
}

export interface Router {
  script: ScriptStep[];
  /** Every model request, in arrival order, with its role. */
  log: RoutedCall[];
  /** The requests of one role (`main`, `summary`, `sub:<type>`, or `sub` for every subagent). */
  of(role: string): RecordedRequest[];
}

/**
 * A script whose every step dispatches on the request's role: `routes.main`, `routes.summary`,
 * `routes['sub:<type>']` (or `routes.sub` for any subagent) each give the turns of that role in
 * order (a list), or one function answering every request of the role. A role without a turn left
 * gets an HTTP 400 naming it (400 is not retried), so a surprise shows up as a model error.
 */
export function router(routes: Record<string, Handler[] | ((req: RecordedRequest, i: number) => ScriptedTurn | Promise<ScriptedTurn>)>, steps = 200): Router {
  const log: RoutedCall[] = [];
  const counters = new Map<string, number>();
  const step = async (req: RecordedRequest): Promise<ScriptedTurn> => {
    const role = roleOf(req);
    const key = role in routes ? role : role.startsWith('sub:') && 'sub' in routes ? 'sub' : role;
    const i = counters.get(key) ?? 0;
    counters.set(key, i + 1);
    log.push({ role, req, i });
    const r = routes[key];
    if (!r) return { error: { status: 400, message: `router: no route for a ${role} request` } };
    if (typeof r === 'function') return r(req, i);
    const last = r[r.length - 1] as { [FOREVER]?: boolean } | undefined;
    const h = r[i] ?? (typeof last === 'function' && last[FOREVER] ? (last as Handler) : undefined);
    if (h === undefined) return { error: { status: 400, message: `router: no ${key} turn left (request ${i + 1})` } };
    return typeof h === 'function' ? h(req, i) : h;
  };
  return {
    script: Array.from({ length: steps }, () => step),
    log,
    of: (role) => log.filter((c) => c.role === role || (role === 'sub' && c.role.startsWith('sub:'))).map((c) => c.req),
  };
}

/** The names of the tools a request offers the model, sorted. */
export function toolNamesOf(req: RecordedRequest): string[] {
  const tools = ((req.body as Record<string, any>).tools ?? []) as Array<Record<string, any>>;
  return tools.map((t) => (t.function?.name ?? t.name) as string).sort();
}

/** The last user-role text of a request. */
export function lastUserText(req: RecordedRequest): string {
  const u = userTexts(req);
  return u[u.length - 1] ?? '';
}

/** The tool results a request carries, by tool_use id. */
export function toolResults(req: RecordedRequest): Array<{ id: string; content: string; isError: boolean }> {
  return wireItems(req).flatMap((i) => (i.kind === 'tool_result' ? [{ id: i.id, content: i.content, isError: i.isError }] : []));
}

/** Whether a request tells the model that background shell `id` ended (its completion notification). */
export function toldShellEnded(req: RecordedRequest, id: string): boolean {
  return new RegExp(`Background shell ${id} \\(.*\\) (?:finished|failed) with exit code`).test(userTexts(req).join('\n'));
}

/** All text of a request (conversation and system prompt). */
export function allText(req: RecordedRequest): string {
  return JSON.stringify(req.body);
}

/**
 * A shell command substitution printing a JS expression over the hook's stdin (parsed as `i`),
 * what `jq` would do, without depending on jq. Use inside a HookScript body (`$f` is the stdin dump).
 */
export function js(expr: string): string {
  const code = `const i=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(String(${expr}))`;
  return `$(${sq(process.execPath)} -e ${sq(code)} "$f")`;
}

/** Makes `dir` a git repository with one commit. */
export function gitInit(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'README.md'), 'hello\n');
  writeFileSync(join(dir, '.gitignore'), '.wave/\n');
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@example.com',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@example.com',
  };
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['commit', '-q', '-m', 'init']]) {
    const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  }
}

/** `git worktree list --porcelain` paths of a repository. */
export function gitWorktrees(dir: string): string[] {
  const r = spawnSync('git', ['worktree', 'list', '--porcelain'], { cwd: dir, encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice('worktree '.length));
}

// ------------------------------------------------------------------------------ ordering gates
// Background work must still be running when Stop fires, however loaded the machine is: instead of
// racing sleeps, the work waits for a file the Stop hook's dump creates (`out/stop-0.json`).

/** Resolves once `path` exists (or after `ms`, so a broken run fails on its assertions instead). */
export async function waitFile(path: string, ms = HANG_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!existsSync(path) && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 20));
}

/** Shell lines that wait until `path` exists (at most HANG_MS: a hang, never a measure of speed). */
export function shWait(path: string): string {
  return `i=0; while [ ! -f ${sq(path)} ] && [ $i -lt ${HANG_MS / 50} ]; do sleep 0.05; i=$((i+1)); done`;
}

/** What `wave -p` reports as `result`: the text of the last assistant answer, after every cycle. */
export function finalAnswer(messages: ReadonlyArray<{ role: string; isMeta?: boolean; blocks: ReadonlyArray<{ type: string; content?: string }> }>): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'assistant' || m.isMeta) continue;
    const text = m.blocks.filter((b) => b.type === 'text').map((b) => b.content ?? '').join('\n').trim();
    if (text) return text;
  }
  return '';
}
