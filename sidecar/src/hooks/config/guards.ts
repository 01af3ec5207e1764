// Checks beyond the schema for what makes a guard fail open without a word (docs/hooks.md,
// "Validation"): a matcher (or one of its `|` alternatives) that no known value can match, and a
// command whose script is missing, not executable, has Windows line endings or is given relative to
// the working directory (which moves in a worktree or a sub-folder), and a write into a `.claude/`
// folder that does not exist (claudeWrites.ts). Each is a warning with the
// file, line, JSON path and a fix; the hook itself still loads.
import { toolNamesOf } from '../contract/toolAliases.js';
import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { eventSpec, isHookEvent } from '../contract/events.js';
import { missingClaudeFolder } from './claudeWrites.js';
import { compileMatcher } from '../contract/matcher.js';
import type { ConfigProblem, ConfiguredHook } from '../contract/types.js';

export interface GuardContext {
  /** The project folder ($WAVE_PROJECT_DIR). */
  workdir: string;
  homeDir?: string;
  /** The agent's tool names (tool matchers are checked against them; unchecked when not given). */
  toolNames?: readonly string[];
}

const PLAIN_NAME = /^[A-Za-z_][\w-]*$/;

function warning(hook: ConfiguredHook, path: string, message: string, at?: { line: number; column: number }): ConfigProblem {
  const pos = at ?? (hook.line ? { line: hook.line, column: 1 } : undefined);
  return { severity: 'warning', file: hook.file ?? '<programmatic>', path, ...(pos ?? {}), message };
}

/** A matcher that matches no known value, or `|` alternatives that each match none (`Edit|MultiEdit`). */
export function checkMatcher(hook: ConfiguredHook, toolNames?: readonly string[]): ConfigProblem[] {
  if (!isHookEvent(hook.event) || hook.matcher === undefined) return [];
  const spec = eventSpec(hook.event);
  const known = spec.matcherValues === 'tool names' ? toolNames && [...new Set(toolNames.flatMap(toolNamesOf))] : spec.matcherValues;
  const text = hook.matcher.trim();
  if (!known || text === '' || text === '*') return [];
  const path = `${hook.jsonPath.replace(/\.hooks\[\d+\]$/, '')}.matcher`;
  const field = spec.matcherField;
  const isMcp = (a: string) => field === 'tool_name' && /^mcp__/i.test(a);
  const m = compileMatcher(hook.matcher);
  if (!known.some((v) => m.test(v))) {
    if (isMcp(text)) return [];
    return [warning(hook, path, `matcher "${hook.matcher}" matches no known ${field} (known: ${known.join(', ')})`, hook.matcherAt)];
  }
  const alternatives = text.split('|').map((a) => a.trim());
  if (alternatives.length < 2 || !alternatives.every((a) => PLAIN_NAME.test(a))) return [];
  return alternatives
    .filter((a) => !isMcp(a) && !known.some((v) => v.toLowerCase() === a.toLowerCase()))
    .map((a) =>
      warning(
        hook,
        path,
        `"${a}" in matcher "${hook.matcher}" matches no known ${field}: that part never matches (known: ${known.join(', ')})`,
        hook.matcherAt,
      ),
    );
}

/** The first shell words of a command, quotes removed (as far as they can be read simply). */
function shellWords(command: string, max: number): string[] {
  const words: string[] = [];
  let i = 0;
  const s = command.trim();
  while (i < s.length && words.length < max) {
    while (s[i] === ' ' || s[i] === '\t') i++;
    let word = '';
    while (i < s.length && s[i] !== ' ' && s[i] !== '\t' && s[i] !== '\n' && s[i] !== ';' && s[i] !== '|' && s[i] !== '&') {
      const c = s[i]!;
      if (c === '"' || c === "'") {
        const end = s.indexOf(c, i + 1);
        if (end < 0) return words;
        word += s.slice(i + 1, end);
        i = end + 1;
      } else {
        word += c;
        i++;
      }
    }
    if (!word) break;
    words.push(word);
  }
  return words;
}

const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'node', 'python', 'python3', 'ruby', 'perl', 'bun', 'deno', 'tsx']);
const PROJECT_VARS = /\$\{?(WAVE_PROJECT_DIR|CLAUDE_PROJECT_DIR)\}?/g;

/** The script a command runs (its first word, or the file given to an interpreter), when it names a file. */
export function scriptOf(command: string, ctx: GuardContext): { word: string; path: string; viaInterpreter: boolean; relative: boolean } | null {
  const words = shellWords(command, 8);
  while (words.length > 1 && /^[A-Za-z_]\w*=/.test(words[0]!)) words.shift(); // `FOO=1 ./x.sh`
  const [word, ...rest] = words;
  let first = word;
  if (!first) return null;
  let viaInterpreter = false;
  const base = first.split('/').pop()!;
  if (INTERPRETERS.has(base)) {
    if (rest.some((w) => w === '-c' || w === '-e' || w === '--eval')) return null; // inline code, not a file
    const file = rest.find((w) => !w.startsWith('-'));
    if (!file || (!file.includes('/') && !/\.(sh|bash|js|mjs|cjs|ts|py|rb|pl)$/.test(file))) return null;
    [first, viaInterpreter] = [file, true];
  }
  const home = ctx.homeDir ?? homedir();
  const expanded = first
    .replace(PROJECT_VARS, ctx.workdir)
    .replace(/^~(?=\/)/, home)
    .replace(/\$\{?HOME\}?/g, home);
  if (/[$`*?]/.test(expanded) || (!viaInterpreter && !expanded.includes('/'))) return null; // a PATH command or something only the shell knows
  const relative = !isAbsolute(expanded);
  return { word: first, path: relative ? resolve(ctx.workdir, expanded) : expanded, viaInterpreter, relative };
}

function readHead(path: string): Buffer | null {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(8192);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Missing, a folder, not executable, CRLF line endings, or relative to the working directory. */
export function checkScript(hook: ConfiguredHook, ctx: GuardContext): ConfigProblem[] {
  if (hook.handler.type !== 'command') return [];
  const script = scriptOf(hook.handler.command, ctx);
  if (!script) return [];
  const path = `${hook.jsonPath}.command`;
  const out: ConfigProblem[] = [];
  if (script.relative && hook.source !== 'plugin') {
    const fixed = `"$WAVE_PROJECT_DIR"/${script.word.replace(/^\.\//, '')}`;
    out.push(
      warning(hook, path, `the script ${script.word} is given relative to the working directory, which moves (a worktree, a sub-folder): write ${fixed}`),
    );
  }
  const stat = statSync(script.path, { throwIfNoEntry: false });
  if (!stat) return [...out, warning(hook, path, `the script ${script.path} does not exist, so this hook fails every time it runs`)];
  if (stat.isDirectory()) return [...out, warning(hook, path, `${script.path} is a folder, not a script`)];
  if (!script.viaInterpreter) {
    try {
      accessSync(script.path, constants.X_OK);
    } catch {
      out.push(warning(hook, path, `the script ${script.path} is not executable, so this hook fails every time it runs: run chmod +x ${script.path}`));
    }
  }
  const head = readHead(script.path);
  if (head && !head.includes(0) && head.includes('\r\n')) {
    out.push(
      warning(hook, path, `the script ${script.path} has Windows line endings (CRLF), which sh cannot run: convert it with dos2unix or sed -i 's/\\r$//'`),
    );
  }
  return out;
}

/** A write into a `~/.claude/` or `.claude/` folder that does not exist (the redirection fails with exit 2, a block). */
export function checkClaudeWrites(hook: ConfiguredHook, ctx: GuardContext): ConfigProblem[] {
  if (hook.handler.type !== 'command') return [];
  const miss = missingClaudeFolder(hook.handler.command, { home: ctx.homeDir ?? homedir(), workdir: ctx.workdir });
  if (!miss) return [];
  const message = `this command writes into ${miss.written}, but ${miss.folder} does not exist: the write fails and sh exits 2, which blocks; create the folder (mkdir -p ${miss.folder}) or write somewhere that exists`;
  return [warning(hook, `${hook.jsonPath}.command`, message)];
}

/** Every fail-open check for the hooks of one file. */
export function checkGuards(hooks: readonly ConfiguredHook[], ctx: GuardContext): ConfigProblem[] {
  return hooks.flatMap((h) => [...checkMatcher(h, ctx.toolNames), ...checkScript(h, ctx), ...checkClaudeWrites(h, ctx)]);
}
