// `wave hooks import [--from FILE] [--to user|project|local] [--workdir DIR] [--dry-run] [--json]`
// (docs/hooks.md, "Coming from Claude Code"): the hooks of `~/.claude/settings.json`,
// `.claude/settings.json` and `.claude/settings.local.json` (or of FILE) added to the matching Wave
// file with format-preserving edits, hooks already there skipped, and a line per hook saying what
// was done (each imported hook is described "from .claude/settings.json"), what was not imported,
// and what validation says of the Wave file now — the settings page's import says the same.
import { homedir } from 'node:os';
import { counted } from '../hooks/contract/sourceLabel.js';
import { commandArgs } from './args.js';
import { addsAnything, importPair, importPairs, type PairPlan } from '../hooks/import/claudeImportFiles.js';
import type { ConfigProblem } from '../hooks/contract/types.js';
import { managerFor } from './hooksList.js';
import { makeStyle } from './style.js';
import { resolveWorkdir } from './workdir.js';

/** What validation says of the Wave files an import wrote, one line each, by file. */
function problemsOf(workdir: string, files: readonly string[]): Map<string, ConfigProblem[]> {
  const by = new Map<string, ConfigProblem[]>();
  if (!files.length) return by;
  for (const p of managerFor(workdir).snapshot().problems) if (files.includes(p.file)) by.set(p.file, [...(by.get(p.file) ?? []), p]);
  return by;
}

function report(done: PairPlan[], dryRun: boolean, problems: Map<string, ConfigProblem[]>): string {
  const st = makeStyle(process.stdout);
  const out: string[] = [];
  for (const d of done) {
    if (d.error) out.push(st.red(`${d.from}: ${d.error}`));
    if (!d.plan) continue;
    const verb = dryRun ? 'would add' : 'added';
    const p = d.plan;
    const rules = p.settings.length ? ` and ${counted(p.settings.length, 'setting')}` : '';
    out.push(`${st.bold(d.from)} → ${d.to}: ${verb} ${counted(p.added.length, 'hook')}${rules}, ${p.skipped.length + p.settingsThere.length} already there`);
    for (const h of p.added) out.push(`  + ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`);
    for (const s of p.settings) out.push(`  + ${s.key}  ${s.value}`);
    for (const h of p.skipped) out.push(st.dim(`  = ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`));
    for (const s of p.settingsThere) out.push(st.dim(`  = ${s.key}  ${s.value}`));
    for (const n of p.notImported) out.push(st.yellow(`  - ${n.key}: not imported: ${n.reason}`));
    const found = problems.get(d.to) ?? [];
    if (found.length) out.push(st.yellow(`  problems of ${d.to} now:`), ...found.map((x) => st.yellow(`    ${x.severity} line ${x.line ?? 1}: ${x.message}`)));
  }
  if (!done.some((d) => d.plan || d.error))
    out.push('No Claude Code settings file with hooks was found (~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json).');
  return out.join('\n');
}

const IMPORT_USAGE = `usage: wave hooks import [--from FILE] [--to user|project|local] [--workdir DIR] [--dry-run] [--json]
  adds the hooks of ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json
  (or FILE) to ~/.wave/settings.json, .wave/settings.json and .wave/settings.local.json, skipping
  hooks that are already there; imported command hooks get "transcript": "jsonl"; the files'
  permissions (allow, deny, ask) and env come along; what is not imported is listed with the reason`;

export function importCommand(argv: string[]): number {
  const flags = {
    from: { type: 'string' },
    to: { type: 'string' },
    workdir: { type: 'string' },
    'dry-run': { type: 'boolean' },
    json: { type: 'boolean' },
  } as const;
  const args = commandArgs('hooks import', IMPORT_USAGE, argv, flags);
  if (!args.ok) return args.code;
  const { values } = args;
  const to = values.to;
  if (to !== undefined && to !== 'user' && to !== 'project' && to !== 'local') {
    process.stderr.write(`wave hooks import: --to must be user, project or local, not "${to}"\n`);
    return 2;
  }
  const { dir, note } = resolveWorkdir(values.workdir);
  if (note && !values.json) process.stderr.write(`wave hooks import: ${note}\n`);
  const dryRun = values['dry-run'] === true;
  const done = importPairs(dir, homedir(), values.from, to).map((p) => importPair(p, dryRun));
  if (values.json) {
    const files = done.map((d) => ({
      from: d.from,
      to: d.to,
      found: d.plan !== null,
      added: d.plan?.added ?? [],
      skipped: d.plan?.skipped ?? [],
      settings: d.plan?.settings ?? [],
      settingsThere: d.plan?.settingsThere ?? [],
      notImported: d.plan?.notImported ?? [],
      error: d.error,
    }));
    process.stdout.write(`${JSON.stringify({ dryRun, files }, null, 2)}\n`);
  } else {
    const written = dryRun ? [] : done.filter((d) => addsAnything(d.plan)).map((d) => d.to);
    process.stdout.write(`${report(done, dryRun, problemsOf(dir, written))}\n`);
  }
  return done.some((d) => d.error) ? 1 : 0;
}
