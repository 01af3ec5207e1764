// A fake process runner for the engine's answer matrix (exit code × answer × event): the seam the
// engine already has (`HookManagerOptions.runProcess`, hooks/handlers/processSpec.ts `ProcessRunner`)
// takes it in place of the real runner, so a table of hundreds of hooks costs no process while the
// engine — settings, plan, payload, answers, combination, budget — runs as it does for a user.
// What a real process does (the gate, signals, pipes, timeouts on a real clock) is proven by the thin
// real-process suites: engine.test.ts, runner.test.ts, spawner.test.ts and the end-to-end tests.
//
// The fake reads the hook's command as the tiny shell subset the matrix uses, so a moved test keeps
// its command text and its assertions word for word:
//   echo WORDS [>&2 | >> FILE]    printf '%s\n' ARG | printf '%s' ARG    cat > FILE
//   exit N    true    sleep N    kill -TERM|-KILL $$    any other word: `sh: 1: X: not found`, 127
// Statements are separated by `;`. `sleep` spends virtual time: a hook whose sleeps pass its
// timeout (the spec's, cut by the turn budget) ends timed out at that instant, SIGTERM, nothing
// after it done — no test waits for a clock. Anything else throws, naming the statement.
import { appendFileSync, writeFileSync } from 'node:fs';
import type { ProcessResult } from '../../src/hooks/contract/types.js';
import type { ProcessRunner, ProcessSpec } from '../../src/hooks/handlers/processSpec.js';

interface Out {
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

type Step = { end: 'exit'; code: number } | { end: 'signal'; signal: string } | { end: 'timeout' } | null;

/** Splits a command into statements on `;` and each into words; quotes removed, `'\''` joined. */
export function parse(command: string): string[][] {
  const statements: string[][] = [];
  let words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error(`fake runner: unterminated quote in ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      const end = command.indexOf('"', i + 1);
      if (end < 0) throw new Error(`fake runner: unterminated quote in ${command}`);
      word = (word ?? '') + command.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i]!;
    } else if (c === ' ' || c === ';' || c === '\n') {
      if (word !== null) words.push(word);
      word = null;
      if (c !== ' ' && words.length) {
        statements.push(words);
        words = [];
      }
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  if (words.length) statements.push(words);
  return statements;
}

/** printf with the one format the matrix uses: `%s` (and `%s\n`). */
function printf(format: string | undefined, arg: string | undefined, statement: string[]): string {
  if (format === '%s\\n') return `${arg ?? ''}\n`;
  if (format === '%s') return arg ?? '';
  throw new Error(`fake runner: unsupported printf in \`${statement.join(' ')}\``);
}

/** `echo …`, with `>&2`, `> FILE` or `>> FILE` at its end. */
function echo(words: string[], out: Out): void {
  const at = words.findIndex((w) => w === '>&2' || w === '>' || w === '>>');
  const text = `${(at < 0 ? words : words.slice(0, at)).join(' ')}\n`;
  const to = at < 0 ? null : words[at]!;
  if (to === null) out.stdout += text;
  else if (to === '>&2') out.stderr += text;
  else if (to === '>>') appendFileSync(words[at + 1]!, text);
  else writeFileSync(words[at + 1]!, text);
}

function step(words: string[], spec: ProcessSpec, out: Out): Step {
  const [name, ...rest] = words;
  switch (name) {
    case 'echo':
      echo(rest, out);
      return null;
    case 'printf':
      out.stdout += printf(rest[0], rest[1], words);
      return null;
    case 'true':
      return null;
    case 'exit':
      return { end: 'exit', code: Number(rest[0] ?? 0) };
    case 'cat':
      if (rest[0] !== '>' || !rest[1]) break;
      writeFileSync(rest[1], spec.input);
      return null;
    case 'sleep':
      out.elapsedMs += Number(rest[0]) * 1000;
      return out.elapsedMs > spec.timeoutMs ? { end: 'timeout' } : null;
    case 'kill':
      if (rest[1] !== '$$') break;
      return { end: 'signal', signal: rest[0] === '-KILL' ? 'SIGKILL' : 'SIGTERM' };
    default:
      if (name && /^[\w-]+$/.test(name)) {
        out.stderr += `sh: 1: ${name}: not found\n`;
        return { end: 'exit', code: 127 };
      }
  }
  throw new Error(`fake runner: the statement \`${words.join(' ')}\` is outside its shell subset (fakeRunner.ts)`);
}

/** What the real runner answers for a hook that ran to `end` (hooks/contract/types.ts, ProcessResult). */
function result(startedAt: number, out: Out, end: Step, timeoutMs: number): ProcessResult {
  const timedOut = end?.end === 'timeout';
  return {
    startedAt,
    durationMs: timedOut ? timeoutMs : out.elapsedMs,
    exitCode: end === null ? 0 : end.end === 'exit' ? end.code : null,
    signal: timedOut ? 'SIGTERM' : end?.end === 'signal' ? end.signal : null,
    timedOut,
    spawnError: null,
    stdout: out.stdout.trim(),
    stderr: out.stderr.trim(),
    stdoutTruncated: false,
    stderrTruncated: false,
  };
}

/** Runs one hook's command in the fake shell: `spec.args` is `['-c', command]` as the engine builds it. */
export async function runFake(spec: ProcessSpec): Promise<ProcessResult> {
  if (spec.args[0] !== '-c' || spec.args.length !== 2) throw new Error(`fake runner: expected \`sh -c <command>\`, got ${spec.file} ${spec.args.join(' ')}`);
  await spec.ready;
  const startedAt = Date.now();
  const out: Out = { stdout: '', stderr: '', elapsedMs: 0 };
  let end: Step = null;
  for (const words of parse(spec.args[1]!)) {
    end = step(words, spec, out);
    if (end) break;
  }
  return result(startedAt, out, end, spec.timeoutMs);
}

/** The fake runner, recording every spec it was given (the hooks' stdin, environment and cwd). */
export function fakeRunner(): ProcessRunner & { specs: ProcessSpec[] } {
  const specs: ProcessSpec[] = [];
  const run = (spec: ProcessSpec) => {
    specs.push(spec);
    return runFake(spec);
  };
  return Object.assign(run, { specs });
}
