// The files of `wave hooks import` and of the settings page's import (docs/hooks.md, "Coming from
// Claude Code"): which Claude Code settings file goes to which Wave file — `~/.claude/settings.json`
// → `~/.wave/settings.json`, `.claude/settings.json` → `.wave/settings.json`,
// `.claude/settings.local.json` → `.wave/settings.local.json` — and the plan of one such pair read
// from disk (claudeImport.ts's planImport on the two files' texts), written or not.
import { mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { planImport, type ImportPlan } from './claudeImport.js';
import { stampOf } from '../config/sources.js';
import { writeFileAtomic } from '../../settings/atomicWrite.js';
import { readJsonFile, readSettingsText } from '../../settings/jsonFile.js';
import { settingsPaths } from '../../settings/paths.js';
import type { RefusalWhy } from '../../protocol/refusal.js';
import { errnoOf, messageOf } from '../../util/errors.js';

/** The Wave file a Claude Code file goes to: the user's, the project's, the project's local one. */
export type ImportTarget = 'user' | 'project' | 'local';
export const IMPORT_TARGETS: readonly ImportTarget[] = ['user', 'project', 'local'];

export interface ImportPair {
  /** The Claude Code settings file. */
  from: string;
  /** The Wave settings file its hooks go to. */
  to: string;
  target: ImportTarget;
  /** How the descriptions of imported hooks name the Claude Code file: `~/.claude/settings.json`, `.claude/settings.json`. */
  origin: string;
}

/** A path as the descriptions of imported hooks show it: under the project relative to it, under home with `~`. */
function originOf(file: string, workdir: string, home: string): string {
  if (file.startsWith(`${workdir}/`)) return file.slice(workdir.length + 1);
  if (file.startsWith(`${home}/`)) return `~/${file.slice(home.length + 1)}`;
  return file;
}

/** The Wave file of a target. */
export function targetFile(workdir: string, home: string, target: ImportTarget): string {
  const wave = settingsPaths(workdir, home);
  return target === 'user' ? wave.user : target === 'project' ? wave.project : wave.projectLocal;
}

/**
 * The pairs to import: the three Claude Code files (only those going to `to`, when given), or the
 * one file `from`, whose target is `to` or guessed from its name and folder.
 */
export function importPairs(workdir: string, home: string, from?: string, to?: ImportTarget): ImportPair[] {
  if (from !== undefined) {
    const file = resolve(from);
    const guess: ImportTarget = basename(file) === 'settings.local.json' ? 'local' : dirname(file) === join(home, '.claude') ? 'user' : 'project';
    const target = to ?? guess;
    return [{ from: file, to: targetFile(workdir, home, target), target, origin: originOf(file, workdir, home) }];
  }
  const claude: Record<ImportTarget, string> = {
    user: join(home, '.claude', 'settings.json'),
    project: join(workdir, '.claude', 'settings.json'),
    local: join(workdir, '.claude', 'settings.local.json'),
  };
  return IMPORT_TARGETS.filter((t) => !to || t === to).map((t) => ({
    from: claude[t],
    to: targetFile(workdir, home, t),
    target: t,
    origin: originOf(claude[t], workdir, home),
  }));
}

export interface PairPlan extends ImportPair {
  /** null: the Claude Code file does not exist, or one of the two files cannot be read (`error`). */
  plan: ImportPlan | null;
  error: string | null;
  /** The error in data, for the settings page to word in its language. */
  why: RefusalWhy | null;
  /** The Claude Code file's value (for a write that plans again on the text it replaces). */
  claude: unknown;
}

/** Reads both files of a pair and plans the import; writes nothing, never throws. */
export function planPair(p: ImportPair): PairPlan {
  const none = { ...p, plan: null, claude: undefined };
  const unreadable = (file: string, err: unknown) => ({
    ...none,
    error: `${file} cannot be read: ${messageOf(err)}`,
    why: { kind: 'unreadable', file, cause: errnoOf(err) } as const,
  });
  let source;
  try {
    source = readJsonFile(p.from);
  } catch (err) {
    return unreadable(p.from, err);
  }
  if (!source.exists) return { ...none, error: null, why: null };
  const bad = source.parseError;
  if (bad)
    return {
      ...none,
      error: `${p.from}:${bad.line}:${bad.column}: ${bad.message}`,
      why: { kind: 'invalidJson', file: p.from, line: bad.line, column: bad.column, detail: bad.message },
    };
  let current: string | null;
  try {
    current = readSettingsText(p.to);
  } catch (err) {
    return unreadable(p.to, err);
  }
  return { ...p, plan: planImport(source.value, current, p.to, p.origin), error: null, why: null, claude: source.value };
}

/** Whether a plan adds anything: a hook, a permission rule, an env variable. */
export function addsAnything(plan: ImportPlan | null): plan is ImportPlan {
  return !!plan && (plan.added.length > 0 || plan.settings.length > 0);
}

/** `wave hooks import` of one pair: planned, then (unless a dry run) written when it adds anything. */
export function importPair(p: ImportPair, dryRun: boolean): PairPlan {
  const planned = planPair(p);
  const plan = planned.plan;
  if (addsAnything(plan) && !dryRun) {
    mkdirSync(dirname(p.to), { recursive: true });
    writeFileAtomic(p.to, plan.text, { followSymlink: true });
  }
  return planned;
}

/** One string that changes when a file of the pairs changes (the settings page follows them). */
export function pairsFingerprint(pairs: readonly ImportPair[]): string {
  return pairs.map((p) => `${p.from}:${stampOf(p.from)}>${p.to}:${stampOf(p.to)}`).join('|');
}
