// `wave hooks list` and `wave hooks validate`: every configured hook with its file, and every
// problem of the configuration (docs/hooks.md, "The wave hooks command").
import { TOOL_NAMES } from '../app/tools.js';
import { HookManager, type HookManagerOptions } from '../hooks/fire/manager.js';
import { EVENT_NAMES } from '../hooks/contract/events.js';
import { blockingOnFailure, formatHint, onFailureSuggestions } from '../hooks/config/failureHints.js';
import { formatProblem, unreadSummary } from '../hooks/config/problems.js';
import { counted, sourceLabel } from '../hooks/contract/sourceLabel.js';
import { commandArgs } from './args.js';
import { makeStyle } from './style.js';
import { resolveWorkdir } from './workdir.js';

/** The manager of the command's project (`--workdir`, else the project found from here), and the note saying which. */
export function managerFor(workdir: string | undefined, extra: Omit<HookManagerOptions, 'workdir'> = {}): HookManager & { note: string | null } {
  const { dir, note } = resolveWorkdir(workdir);
  // Like `claude -p`, the command line treats its workdir as trusted.
  const warn = (m: string) => process.stderr.write(`wave hooks: ${m}\n`);
  return Object.assign(new HookManager({ workdir: dir, trustProject: true, onWarning: warn, toolNames: TOOL_NAMES, ...extra }), { note });
}

const LIST_USAGE = `usage: wave hooks list [--workdir DIR] [--json]
  every configured hook with its source, file, event, matcher and command`;
const VALIDATE_USAGE = `usage: wave hooks validate [--workdir DIR] [--json]
  every problem in the hook configuration, with file, line and JSON path (exit code 1 when there is an error)`;
const FLAGS = { workdir: { type: 'string' }, json: { type: 'boolean' } } as const;

export function listCommand(argv: string[]): number {
  const args = commandArgs('hooks list', LIST_USAGE, argv, FLAGS);
  if (!args.ok) return args.code;
  const { values } = args;
  const manager = managerFor(values.workdir);
  const s = manager.snapshot();
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ workdir: manager.workdir, disableAllHooks: s.settings.disableAllHooks, hooks: s.hooks, files: s.files, problems: s.problems }, null, 2)}\n`,
    );
    return 0;
  }
  const st = makeStyle(process.stdout);
  const out: string[] = [];
  out.push(`${st.bold('Hooks')} for ${manager.workdir}`);
  if (manager.note) out.push(st.dim(`(${manager.note})`));
  for (const f of s.files.filter((f) => f.source !== 'plugin')) {
    const state = !f.exists ? st.dim('(none)') : f.parseError ? st.red(`(not valid JSON, line ${f.parseError.line})`) : '';
    out.push(st.dim(`  ${sourceLabel(f.source).padEnd(16)}${f.path} ${state}`));
  }
  const unread = unreadSummary(s.files, s.problems);
  if (unread) out.push(st.red(`\n${unread}`));
  if (s.settings.disableAllHooks) out.push(st.yellow(`\n"disableAllHooks": true in ${s.settings.disabledBy} — no hook runs.`));
  if (!s.hooks.length) out.push(`\nNo hooks configured. Add one under "hooks" in ${s.paths.user} or ${s.paths.project}.`);
  for (const event of EVENT_NAMES) {
    const hooks = s.hooks.filter((h) => h.event === event);
    if (!hooks.length) continue;
    out.push(`\n${st.cyan(event)}`);
    for (const h of hooks) {
      const extra = [
        h.matcher ? `matcher ${JSON.stringify(h.matcher)}` : '',
        h.handler.timeout ? `timeout ${h.handler.timeout} s` : '',
        h.handler.async ? 'async' : '',
        h.handler.onFailure ? `onFailure ${h.handler.onFailure}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      out.push(`  ${st.bold(h.displayName)}  ${st.dim(`[${sourceLabel(h.source, h.plugin?.name)}]`)}${extra ? `  ${extra}` : ''}`);
      out.push(`    $ ${h.summary}`);
      out.push(st.dim(`    ${h.file ?? '<programmatic>'} → ${h.jsonPath}`));
    }
  }
  const errors = s.problems.filter((p) => p.severity === 'error').length;
  if (s.problems.length) {
    out.push(st.yellow(`\n${counted(s.problems.length, 'problem')} (${counted(errors, 'error')}): run \`wave hooks validate\` for details.`));
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}

export function validateCommand(argv: string[]): number {
  const args = commandArgs('hooks validate', VALIDATE_USAGE, argv, FLAGS);
  if (!args.ok) return args.code;
  const { values } = args;
  const manager = managerFor(values.workdir);
  const s = manager.snapshot();
  const problems = s.problems;
  const errors = problems.filter((p) => p.severity === 'error');
  const blocking = blockingOnFailure(s.hooks);
  const suggestions = onFailureSuggestions(s.hooks, { workdir: manager.workdir, homeDir: manager.homeDir });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ok: errors.length === 0, hooks: s.hooks.length, problems, onFailureBlock: blocking, suggestions }, null, 2)}\n`);
    return errors.length ? 1 : 0;
  }
  const st = makeStyle(process.stdout);
  for (const p of problems) {
    const line = formatProblem(p);
    process.stdout.write(`${p.severity === 'error' ? st.red(line) : st.yellow(line)}\n`);
  }
  for (const h of blocking) process.stdout.write(`${st.dim(formatHint('note', h))}\n`);
  for (const h of suggestions) process.stdout.write(`${st.cyan(formatHint('suggestion', h))}\n`);
  const warnings = problems.length - errors.length;
  const summary = `${counted(s.hooks.length, 'hook')} loaded; ${counted(errors.length, 'error')}, ${counted(warnings, 'warning')}`;
  process.stdout.write(`${errors.length ? st.red(summary) : st.green(summary)}\n`);
  return errors.length ? 1 : 0;
}
