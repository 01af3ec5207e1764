// The runner's async first-line protocol (ProcessSpec.detachOnAsyncLine: Claude Code's
// `{"async":true,"asyncTimeout":ms}` as a hook's first stdout line). Real processes, forked from
// both places a hook can be forked: this process (spawn.ts) and the spawner process (spawner.ts).
// The tests wait on events (a file the test creates, a promise), never on fixed sleeps.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessSpec } from '../../src/hooks/run/runner.js';
import { runDirect } from '../../src/hooks/run/spawn.js';
import { HookSpawner } from '../../src/hooks/run/spawner.js';
import type { ProcessResult } from '../../src/hooks/contract/types.js';
import { dead, until } from './processes.js';

const spawner = new HookSpawner({ enabled: true });
let scratch = '';
let n = 0;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'wave-async-line-'));
  expect(await spawner.whenReady()).toBe(true);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function spec(command: string, over: Partial<ProcessSpec> = {}): ProcessSpec {
  return { file: 'sh', args: ['-c', command], cwd: scratch, env: { ...process.env }, input: '{}', timeoutMs: 10_000, detachOnAsyncLine: true, ...over };
}

/** A file path the hook waits for (the test creates it when the hook may go on). */
const gateFile = () => join(scratch, `go-${n++}`);
const waitFor = (file: string) => `while [ ! -e '${file}' ]; do sleep 0.02; done`;

const paths: Array<[string, (s: ProcessSpec) => Promise<ProcessResult>]> = [
  ['forked here', (s) => runDirect(s)],
  ['forked by the spawner', (s) => spawner.run(s)],
];

describe.concurrent.each(paths)('async first line, %s', (_name, run) => {
  it('resolves at the line while the process goes on; done gives exit 3 and the rest of stdout', async ({ expect }) => {
    const go = gateFile();
    const first = await run(spec(`printf '{"async":true,"asyncTimeout":5000}\\n'; ${waitFor(go)}; echo later; exit 3`));
    let finished = false;
    void first.detached?.done.then(() => (finished = true));
    expect(first).toMatchObject({ exitCode: null, signal: null, timedOut: false, spawnError: null, stdout: '{"async":true,"asyncTimeout":5000}' });
    expect(first.detached?.asyncTimeoutMs).toBe(5000);
    expect(finished).toBe(false); // it waits for the gate file, which does not exist yet
    writeFileSync(go, '');
    const done = await first.detached!.done;
    expect(done).toMatchObject({ exitCode: 3, signal: null, timedOut: false, spawnError: null, stdout: 'later', stderr: '', stdoutTruncated: false });
    expect(done.detached).toBeUndefined();
  });

  it("the brief's example: printf the line; sleep 0.3; echo later; exit 3", async ({ expect }) => {
    const order: string[] = [];
    const first = await run(spec(`printf '{"async":true,"asyncTimeout":5000}\\n'; sleep 0.3; echo later; exit 3`));
    order.push('first');
    const done = await first.detached!.done.then((r) => (order.push('done'), r));
    expect(order).toEqual(['first', 'done']);
    expect(first.exitCode).toBeNull();
    expect(done).toMatchObject({ exitCode: 3, stdout: 'later' });
  });

  it('asyncTimeout bounds it from the line on: the group is SIGTERMed, done says timed out', async ({ expect }) => {
    const pidFile = join(scratch, `pid-${n++}`);
    const first = await run(spec(`printf '{"async":true,"asyncTimeout":300}\\n'; echo $$ > '${pidFile}'; sleep 30`, { timeoutMs: 600_000 }));
    expect(first.detached?.asyncTimeoutMs).toBe(300);
    const done = await first.detached!.done;
    expect(done).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGTERM', stdout: '' });
    expect(await until(() => existsSync(pidFile) && dead(Number(readFileSync(pidFile, 'utf8'))))).toBe(true);
  });

  it('without asyncTimeout, what remained of timeoutMs still applies', async ({ expect }) => {
    const first = await run(spec(`printf '{"async":true}\\n'; sleep 30`, { timeoutMs: 400 }));
    expect(first.detached?.asyncTimeoutMs).toBeNull();
    const done = await first.detached!.done;
    expect(done).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
  });

  it('a first line split over two writes is still found; stderr and the exit code come with done', async ({ expect }) => {
    const first = await run(spec(`printf '{"async":'; sleep 0.1; printf 'true}\\nrest\\n'; echo oops >&2; exit 2`));
    expect(first.stdout).toBe('{"async":true}');
    expect(await first.detached!.done).toMatchObject({ exitCode: 2, stdout: 'rest', stderr: 'oops' });
  });

  it('the rest is capped anew', async ({ expect }) => {
    const first = await run(spec(`printf '{"async":true}\\n'; printf 'x%.0s' $(seq 40)`, { outputCap: 16 }));
    const done = await first.detached!.done;
    expect(done.stdout).toBe(`${'x'.repeat(16)}\n… [output truncated: 24 more bytes dropped]`);
    expect(done.stdoutTruncated).toBe(true);
  });

  it.for([
    ['{"async":false}', '{"async":false}\nmore'],
    ['{"async":"true"}', '{"async":"true"}\nmore'],
    ['[true]', '[true]\nmore'],
    ['hello', 'hello\nmore'],
    ['{"async":true', '{"async":true\nmore'],
  ])('a first line %s changes nothing', async ([line, whole], { expect }) => {
    const r = await run(spec(`printf '%s\\n' '${line}'; echo more; exit 1`));
    expect(r.detached).toBeUndefined();
    expect(r).toMatchObject({ exitCode: 1, stdout: whole });
  });

  it('without detachOnAsyncLine the async line is plain output', async ({ expect }) => {
    const r = await run(spec(`echo '{"async":true}'; echo rest`, { detachOnAsyncLine: false }));
    expect(r.detached).toBeUndefined();
    expect(r).toMatchObject({ exitCode: 0, stdout: '{"async":true}\nrest' });
  });

  it('a first line longer than the cap is not an async answer', async ({ expect }) => {
    const r = await run(spec(`printf '{"async":true,"x":"long"}\\n'`, { outputCap: 10 }));
    expect(r.detached).toBeUndefined();
    expect(r).toMatchObject({ exitCode: 0, stdoutTruncated: true });
  });

  it('output without any newline is read whole', async ({ expect }) => {
    const r = await run(spec(`printf '{"async":true}'`));
    expect(r.detached).toBeUndefined();
    expect(r.stdout).toBe('{"async":true}');
  });
});
