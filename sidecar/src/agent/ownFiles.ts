// Wave's own files (docs/hooks.md, "Safety": "Wave's own files ask"): a tool call that writes a
// settings file (`.wave/settings*.json`, `~/.wave/settings.json`), the trust store
// (`~/.wave/trusted-workdirs.json`), anything under `~/.wave/plugins/`, the session's env file
// (CLAUDE_ENV_FILE) or a script a hook command names needs the user's approval whatever the rules
// say. Which files a call writes is read from its input: `file_path` of the file tools, and for Bash
// the parsed command's output redirections and the file arguments of the programs that write,
// move or remove files (`mv`, `cp`, `ln`, `rm`, `tee`, `sed -i`, `dd of=`, …).
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { parseShell } from '../settings/shellParse.js';

export interface OwnFilesContext {
  /** Where relative paths resolve. */
  cwd: string;
  /** The project folder ($WAVE_PROJECT_DIR). */
  workdir: string;
  homeDir: string;
  /** The session's CLAUDE_ENV_FILE. */
  envFile: string | undefined;
  /** The script files the session's hook commands name (absolute). */
  hookScripts: readonly string[];
}

/** Programs whose file arguments they write, move, link or remove. */
const WRITERS = new Set([
  'mv', 'cp', 'ln', 'rm', 'rmdir', 'unlink', 'install', 'rsync', 'tee', 'truncate', 'touch', 'chmod', 'chown', 'shred', 'dd', 'sed', 'perl', 'patch',
]); // prettier-ignore

/** The file arguments of one simple command of a writer program (`--opt=value` and `of=value` give their value). */
function fileArguments(words: readonly string[]): string[] {
  const [program, ...args] = words;
  if (!program || !WRITERS.has(basename(program))) return [];
  return args.map((a) => a.replace(/^(--[\w-]+=|of=)/, '')).filter((a) => a !== '' && !a.startsWith('-'));
}

/** The paths a call writes, as written (relative ones resolve against the cwd). */
export function writtenPaths(toolName: string, input: Record<string, unknown>): string[] {
  if (toolName === 'Bash') {
    const command = typeof input.command === 'string' ? input.command : '';
    const parsed = parseShell(command);
    return [...parsed.writes, ...parsed.commands.flatMap((c) => fileArguments(c.words.slice(c.prefix)))];
  }
  return [input.file_path, input.notebook_path].filter((v): v is string => typeof v === 'string');
}

function expand(path: string, ctx: OwnFilesContext): string {
  const home = ctx.homeDir;
  const unquoted = /^"[^"]*"$/.test(path) ? path.slice(1, -1) : path; // `"$HOME/.wave/settings.json"`
  return unquoted
    .replace(/^~(?=\/|$)/, home)
    .replace(/\$\{?HOME\}?/g, home)
    .replace(/\$\{?(WAVE_PROJECT_DIR|CLAUDE_PROJECT_DIR)\}?/g, ctx.workdir)
    .replace(/\$\{?(CLAUDE_ENV_FILE|WAVE_ENV_FILE)\}?/g, ctx.envFile ?? '$CLAUDE_ENV_FILE');
}

/** Why a path is one of Wave's own files, or null. Shapes first: a `cd` before the write cannot hide a `.wave/settings.json`; a relative path is also tried from each folder a `cd` in the command names. */
function ownFileKind(path: string, ctx: OwnFilesContext, relative: boolean): string | null {
  const name = basename(path);
  const parent = basename(dirname(path));
  if (name === '.wave') return "Wave's settings folder";
  if (parent === '.wave' && /^settings.*\.json$/i.test(name)) return 'a Wave settings file';
  if (parent === '.wave' && name === 'trusted-workdirs.json') return "Wave's trust store";
  if (`${path}${sep}`.includes(`${sep}.wave${sep}plugins${sep}`)) return 'a Wave plugin';
  const same = (p: string) => p === path || (relative && basename(p) === name);
  if (ctx.envFile && same(ctx.envFile)) return "the session's env file (CLAUDE_ENV_FILE)";
  if (ctx.hookScripts.some(same)) return 'a script a hook runs';
  return null;
}

/** The real path of an existing file (a symlink to a settings file is that file), else the path itself. */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

export interface OwnFile {
  path: string;
  /** What it is, in words ("a Wave settings file"). */
  kind: string;
}

/** Wave's own files this call writes. */
/** Where a relative path of the call may resolve: the cwd, and every folder a `cd` / `pushd` in the command names. */
function bases(toolName: string, input: Record<string, unknown>, ctx: OwnFilesContext): string[] {
  if (toolName !== 'Bash' || typeof input.command !== 'string') return [ctx.cwd];
  const dirs = parseShell(input.command)
    .commands.map((c) => c.words.slice(c.prefix))
    .filter((w) => (w[0] === 'cd' || w[0] === 'pushd') && w[1] !== undefined && !w[1].startsWith('-'))
    .map((w) => resolve(ctx.cwd, expand(w[1]!, ctx)));
  return [ctx.cwd, ...dirs];
}

export function ownFilesWritten(toolName: string, input: Record<string, unknown>, ctx: OwnFilesContext): OwnFile[] {
  const out = new Map<string, OwnFile>();
  const from = bases(toolName, input, ctx);
  for (const written of writtenPaths(toolName, input)) {
    const expanded = expand(written, ctx);
    const relative = !isAbsolute(expanded);
    for (const base of relative ? from : [ctx.cwd]) {
      const path = resolve(base, expanded);
      const kind = ownFileKind(path, ctx, relative) ?? ownFileKind(real(path), ctx, false);
      if (kind) out.set(path, { path, kind });
    }
  }
  return [...out.values()];
}

/** The files in words: `a Wave settings file (/p/.wave/settings.json)`. */
export function describeOwnFiles(files: readonly OwnFile[]): string {
  return files.map((f) => `${f.kind} (${f.path})`).join(', ');
}
