// `wave hooks import [--from FILE] [--to user|project|local] [--workdir DIR] [--dry-run] [--json]`
// (docs/hooks.md, "Coming from Claude Code"): the hooks of `~/.claude/settings.json`,
// `.claude/settings.json` and `.claude/settings.local.json` (or of FILE) added to the matching Wave
// file with format-preserving edits, hooks already there skipped, and a line per hook saying what
// was done.
import { homedir } from 'node:os';
import { commandArgs } from './args.js';
import { importPair, importPairs, type PairPlan } from '../hooks/import/claudeImportFiles.js';
import { makeStyle } from './style.js';
import { resolveWorkdir } from './workdir.js';

function report(done: PairPlan[], dryRun: boolean): string {
  const st = makeStyle(process.stdout);
  const out: string[] = [];
  for (const d of done) {
    if (d.error) out.push(st.red(`${d.from}: ${d.error}`));
    if (!d.plan) continue;
    const verb = dryRun ? 'would add' : 'added';
    const p = d.plan;
    const rules = p.settings.length ? ` and ${p.settings.length} setting${p.settings.length === 1 ? '' : 's'}` : '';
    out.push(
      `${st.bold(d.from)} → ${d.to}: ${verb} ${p.added.length} hook${p.added.length === 1 ? '' : 's'}${rules}, ${p.skipped.length + p.settingsThere.length} already there`,
    );
    for (const h of p.added) out.push(`  + ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`);
    for (const s of p.settings) out.push(`  + ${s.key}  ${s.value}`);
    for (const h of p.skipped) out.push(st.dim(`  = ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`));
    for (const s of p.settingsThere) out.push(st.dim(`  = ${s.key}  ${s.value}`));
    for (const n of p.notImported) out.push(st.yellow(`  - ${n.key}: not imported: ${n.reason}`));
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
  } else process.stdout.write(`${report(done, dryRun)}\n`);
  return done.some((d) => d.error) ? 1 : 0;
}
