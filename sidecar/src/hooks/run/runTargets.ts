// What a command hook really runs, recorded when the session starts (docs/hooks.md, "Safety"): the
// script files its command names (their content hash, and where a link leads) and the programs its
// command words resolve to through PATH (the words of a shell script it runs included). Before each
// run the hook's targets are looked at again; a difference is a change the user has to approve,
// like a settings change: the agent can edit a script to `exit 0`, swap it for a link to /bin/true,
// or put a fake `jq` first on PATH, and none of that may switch a guard off in silence.
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { programNames, simpleCommands } from './commandWords.js';
import { scriptOf, type GuardContext } from '../config/guards.js';
import { lookPath } from './pathLookup.js';
import type { ConfiguredHook } from '../contract/types.js';

/** One target as it is: a text that differs whenever what runs differs, and words for the user. */
interface Mark {
  /** Compared: for a script its real path and content hash, for a program the file PATH leads to and its identity. */
  value: string;
  /** A stat key: when it is unchanged the value is too (no hash computed again). */
  stat: string;
  shown: string;
}

interface Recorded {
  scripts: Map<string, Mark>;
  programs: Map<string, Mark>;
}

const SHELL_SCRIPT = /^#!\s*\S*\/(?:env\s+)?(?:ba|da|z)?sh\b/;

function statKey(path: string): string {
  const s = statSync(path, { throwIfNoEntry: false, bigint: true });
  return s ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : '-';
}

function scriptMark(path: string, before: Mark | undefined): Mark {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { value: '-', stat: '-', shown: 'missing' };
  }
  const stat = `${real}|${statKey(real)}`;
  if (before && before.stat === stat) return before;
  let hash = 'unreadable';
  try {
    hash = createHash('sha256').update(readFileSync(real)).digest('hex');
  } catch {
    // a folder, no permission: the hook fails and says so; its state is still recorded
  }
  return { value: `${real}|${hash}`, stat, shown: real === path ? path : `a link to ${real}` };
}

function programMark(name: string, pathVar: string | undefined): Mark {
  const file = lookPath(name, pathVar);
  if (!file) return { value: '-', stat: '-', shown: 'not found on PATH' };
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // resolved a moment ago; gone now: recorded by its name
  }
  const stat = `${file}|${real}|${statKey(real)}`;
  return { value: stat, stat, shown: real === file ? file : `${file} (${real})` };
}

/** The scripts a command names (and the words inside a shell script among them). */
function targetsOf(command: string, ctx: GuardContext): { scripts: string[]; programs: string[] } {
  const scripts: string[] = [];
  const programs = new Set(programNames(command));
  for (const sc of simpleCommands(command)) {
    const script = scriptOf(sc, ctx);
    if (!script || scripts.includes(script.path)) continue;
    scripts.push(script.path);
    try {
      const text = readFileSync(script.path, 'utf8');
      if (SHELL_SCRIPT.test(text) || /^(?:ba|da)?sh$/.test(sc.trim().split(/\s+/)[0]!.split('/').pop()!)) {
        for (const p of programNames(text)) programs.add(p);
      }
    } catch {
      // missing or unreadable: recorded as such by its mark
    }
  }
  return { scripts, programs: [...programs] };
}

/** A change of one hook's targets, in words. */
export interface TargetChange {
  hook: ConfiguredHook;
  /** One line per target that changed, e.g. "the script /p/guard.sh changed (content)". */
  changes: string[];
}

export class RunTargets {
  private readonly recorded = new Map<string, Recorded>();

  constructor(private readonly ctx: GuardContext) {}

  private key(hook: ConfiguredHook, pathVar: string | undefined): string | null {
    const h = hook.handler;
    return h.type === 'command' ? `${hook.id}\0${h.command}\0${h.shell ?? 'sh'}\0${pathVar ?? ''}` : null;
  }

  private mark(command: string, pathVar: string | undefined, before?: Recorded): Recorded {
    const t = targetsOf(command, this.ctx);
    return {
      scripts: new Map(t.scripts.map((p) => [p, scriptMark(p, before?.scripts.get(p))])),
      programs: new Map(t.programs.map((n) => [n, programMark(n, pathVar)])),
    };
  }

  /** Records the hooks not recorded yet (the session's start, an applied change, trust granted). */
  record(hooks: readonly ConfiguredHook[], pathVar: string | undefined): void {
    for (const hook of hooks) {
      const key = this.key(hook, pathVar);
      if (key && !this.recorded.has(key) && hook.handler.type === 'command') this.recorded.set(key, this.mark(hook.handler.command, pathVar));
    }
  }

  /** What changed in this hook's targets since they were recorded (approved); null when nothing did. */
  check(hook: ConfiguredHook, pathVar: string | undefined): TargetChange | null {
    const key = this.key(hook, pathVar);
    if (!key || hook.handler.type !== 'command') return null;
    const was = this.recorded.get(key);
    if (!was) {
      this.record([hook], pathVar);
      return null;
    }
    const changes: string[] = [];
    for (const [path, mark] of was.scripts) {
      const now = scriptMark(path, mark);
      if (now.value === mark.value) continue;
      changes.push(
        now.value === '-' ? `the script ${path} was removed` : now.shown !== path ? `the script ${path} is now ${now.shown}` : `the script ${path} changed`,
      );
    }
    for (const [name, mark] of was.programs) {
      const now = programMark(name, pathVar);
      if (now.value !== mark.value) changes.push(`\`${name}\` now runs ${now.shown} (it was ${mark.shown})`);
    }
    return changes.length ? { hook, changes } : null;
  }

  /**
   * The user approved a write to these script files (the approval of a write to Wave's own files is
   * its review): every hook that runs one records it as it is now; its programs stay as they were.
   */
  approveScripts(paths: readonly string[]): void {
    for (const was of this.recorded.values()) {
      for (const [path, mark] of was.scripts) if (paths.includes(path)) was.scripts.set(path, scriptMark(path, mark));
    }
  }

  /** The user approved what these hooks run now: their targets are recorded again. */
  approve(hooks: readonly ConfiguredHook[], pathVar: string | undefined): void {
    for (const hook of hooks) {
      const key = this.key(hook, pathVar);
      if (key && hook.handler.type === 'command') this.recorded.set(key, this.mark(hook.handler.command, pathVar));
    }
  }
}

/** The PATH hooks resolve programs through: the settings' `env.PATH`, else the session's. */
export function hookPath(settingsEnv: Record<string, string>, baseEnv: NodeJS.ProcessEnv): string | undefined {
  return settingsEnv.PATH ?? baseEnv.PATH;
}
