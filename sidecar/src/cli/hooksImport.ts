// `wave hooks import [--from FILE] [--to user|project|local] [--workdir DIR] [--dry-run] [--json]`
// (docs/hooks.md, "Coming from Claude Code"): the hooks of `~/.claude/settings.json`,
// `.claude/settings.json` and `.claude/settings.local.json` (or of FILE) added to the matching Wave
// file with format-preserving edits, hooks already there skipped, and a line per hook saying what
// was done.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { commandArgs } from './args.js';
import { planImport, type ImportPlan } from '../hooks/claudeImport.js';
import { writeFileAtomic } from '../settings/atomicWrite.js';
import { readJsonFile, readSettingsText } from '../settings/jsonFile.js';
import { settingsPaths } from '../settings/paths.js';
import { makeStyle } from './style.js';
import { resolveWorkdir } from './workdir.js';

interface Pair {
  from: string;
  to: string;
}

type Target = 'user' | 'project' | 'local';

function pairs(workdir: string, home: string, from: string | undefined, to: Target | undefined): Pair[] {
  const wave = settingsPaths(workdir, home);
  const target = (t: Target) => (t === 'user' ? wave.user : t === 'project' ? wave.project : wave.projectLocal);
  if (from !== undefined) {
    const file = resolve(from);
    const guess: Target = basename(file) === 'settings.local.json' ? 'local' : dirname(file) === join(home, '.claude') ? 'user' : 'project';
    return [{ from: file, to: target(to ?? guess) }];
  }
  return [
    { from: join(home, '.claude', 'settings.json'), to: wave.user },
    { from: join(workdir, '.claude', 'settings.json'), to: wave.project },
    { from: join(workdir, '.claude', 'settings.local.json'), to: wave.projectLocal },
  ].filter((p) => !to || p.to === target(to));
}

interface Done extends Pair {
  plan: ImportPlan | null;
  error: string | null;
}

function importOne(p: Pair, dryRun: boolean): Done {
  const source = readJsonFile(p.from);
  if (!source.exists) return { ...p, plan: null, error: null };
  if (source.parseError) return { ...p, plan: null, error: `${p.from}:${source.parseError.line}:${source.parseError.column}: ${source.parseError.message}` };
  const hooks = (source.value as { hooks?: unknown } | undefined)?.hooks;
  let current: string | null;
  try {
    current = readSettingsText(p.to);
  } catch (err) {
    return { ...p, plan: null, error: `${p.to} cannot be read: ${(err as Error).message}` };
  }
  const plan = planImport(hooks, current);
  if (plan.added.length && !dryRun) {
    mkdirSync(dirname(p.to), { recursive: true });
    writeFileAtomic(p.to, plan.text, { followSymlink: true });
  }
  return { ...p, plan, error: null };
}

function report(done: Done[], dryRun: boolean): string {
  const st = makeStyle(process.stdout);
  const out: string[] = [];
  for (const d of done) {
    if (d.error) out.push(st.red(`${d.from}: ${d.error}`));
    if (!d.plan) continue;
    const verb = dryRun ? 'would add' : 'added';
    out.push(`${st.bold(d.from)} → ${d.to}: ${verb} ${d.plan.added.length}, ${d.plan.skipped.length} already there`);
    for (const h of d.plan.added) out.push(`  + ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`);
    for (const h of d.plan.skipped) out.push(st.dim(`  = ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`));
  }
  if (!done.some((d) => d.plan || d.error))
    out.push('No Claude Code settings file with hooks was found (~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json).');
  return out.join('\n');
}

const IMPORT_USAGE = `usage: wave hooks import [--from FILE] [--to user|project|local] [--workdir DIR] [--dry-run] [--json]
  adds the hooks of ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json
  (or FILE) to ~/.wave/settings.json, .wave/settings.json and .wave/settings.local.json, skipping
  hooks that are already there; imported command hooks get "transcript": "jsonl"`;

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
  const done = pairs(dir, homedir(), values.from, to).map((p) => importOne(p, dryRun));
  if (values.json) {
    const files = done.map((d) => ({
      from: d.from,
      to: d.to,
      found: d.plan !== null,
      added: d.plan?.added ?? [],
      skipped: d.plan?.skipped ?? [],
      error: d.error,
    }));
    process.stdout.write(`${JSON.stringify({ dryRun, files }, null, 2)}\n`);
  } else process.stdout.write(`${report(done, dryRun)}\n`);
  return done.some((d) => d.error) ? 1 : 0;
}
