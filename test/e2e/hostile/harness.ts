// Helpers of the hostile-input tests (issue 11, docs/reliability.md): the real `wave hooks ...`
// command run in an e2e Sandbox (its private HOME and workdir), settings written as raw text
// (duplicate keys, BOMs, NUL bytes and deep nesting cannot come out of JSON.stringify), and a
// wait for a process that must die.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dead } from '../../../sidecar/test/hooks/processes.js';
import { Sandbox, WAVE_BIN } from '../harness.js';
import { runCommand } from '../waveHost.js';

export { dead };

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A problem as `wave hooks validate --json` prints it. */
export interface Problem {
  severity: 'error' | 'warning';
  file: string;
  path: string;
  line?: number;
  column?: number;
  message: string;
}

/** Runs `wave <args>` with the sandbox's HOME, in its workdir (in the worker's warm `wave` unless it reads stdin: waveHost.ts). */
export async function wave(sb: Pick<Sandbox, 'home' | 'workdir'>, args: string[], opts: { input?: string; env?: Record<string, string> } = {}): Promise<CliRun> {
  const env = { PATH: process.env.PATH, HOME: sb.home, NO_COLOR: '1', LANG: 'C.UTF-8', ...opts.env };
  const { code, stdout, stderr } = await runCommand(WAVE_BIN, args, { cwd: sb.workdir, env, input: opts.input });
  return { code, stdout, stderr };
}

/** `wave hooks validate --json`: its exit code and problems (throws when it printed no JSON). */
export async function validate(sb: Sandbox): Promise<{ code: number | null; ok: boolean; hooks: number; problems: Problem[]; run: CliRun }> {
  const run = await wave(sb, ['hooks', 'validate', '--workdir', sb.workdir, '--json']);
  let out: { ok: boolean; hooks: number; problems: Problem[] };
  try {
    out = JSON.parse(run.stdout) as typeof out;
  } catch {
    throw new Error(`wave hooks validate printed no JSON (exit ${run.code}); stdout: ${run.stdout.slice(0, 500)}; stderr: ${run.stderr.slice(0, 500)}`);
  }
  return { code: run.code, ...out, run };
}

export interface TestRun {
  runs: Array<{ name: string; command: string; outcome: string; exitCode: number | null; error: string | null; stdout: string; decision: string }>;
  decision: Record<string, unknown>;
}

/** `wave hooks test <event> --json` (throws when it printed no JSON). */
export async function hooksTest(sb: Sandbox, event: string, extra: string[] = []): Promise<{ run: CliRun; out: TestRun }> {
  const run = await wave(sb, ['hooks', 'test', event, '--workdir', sb.workdir, '--json', ...extra]);
  try {
    return { run, out: JSON.parse(run.stdout) as TestRun };
  } catch {
    throw new Error(`wave hooks test printed no JSON (exit ${run.code}); stdout: ${run.stdout.slice(0, 500)}; stderr: ${run.stderr.slice(0, 500)}`);
  }
}

/** Writes the project settings file as these exact characters. */
export function rawSettings(sb: Sandbox, text: string | Buffer): string {
  writeFileSync(sb.projectSettings, text);
  return sb.projectSettings;
}

/** Waits until the file exists (a hook wrote it) and returns its trimmed content. */
export async function fileText(path: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path) || readFileSync(path, 'utf8').trim() === '') {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${path}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return readFileSync(path, 'utf8').trim();
}

/** Waits until the process is gone; throws when it is still alive after the timeout. */
export async function waitDead(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!dead(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} is still alive after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
