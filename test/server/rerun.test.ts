// The run history keeps each run's stdin, and the settings page's Re-run with this input gives it
// back to the hook as it is on disk now (docs/hooks.md, "The settings page"), over the real protocol
// with a real `wave serve`, real hook processes and the scripted model server: the stdin in
// ~/.wave/hook-runs.jsonl is byte for byte what the hook read, with the run's id and project; a
// stdin past 16 KiB is cut with a marker (`stdinCut`) and cannot be re-run; a re-run of a blocked
// call after the guard's script was fixed answers the new decision next to the old one, and its
// history line is a test run; a hook that changed or is gone is named as such and nothing runs; a
// prompt a hook blocked is not kept, not even there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest, type ScriptedTurn } from '../model-server/server.js';
import { cleanupSandboxes, ensureBuilt, makeSandbox, sq, startServe, stopAllServers, type HookHistoryRun, type Sandbox, type WaveClient } from './harness.js';

const LONG = `echo ${'x'.repeat(20_000)}`;

let sb: Sandbox;
let model: ModelServer;
let client: WaveClient;
let got: string;
let guard: string;

function lastRole(req: RecordedRequest): string {
  const msgs = (req.body as { messages: Array<{ role: string }> }).messages;
  return msgs[msgs.length - 1]!.role;
}

/** `rm` asks for `rm -rf build`, `long` for a 20 000-character echo; after a tool result the model is done. */
function step(req: RecordedRequest): ScriptedTurn {
  if (lastRole(req) === 'tool') return { text: 'tool done' };
  const text = JSON.stringify(req.body);
  if (text.includes('PLEASE-LONG')) return { toolCalls: [{ name: 'Bash', input: { command: LONG } }] };
  return { toolCalls: [{ name: 'Bash', input: { command: 'rm -rf build' } }] };
}

async function turn(text: string): Promise<void> {
  const m = client.mark();
  await client.call('chat.send', { text });
  await client.waitFor('chat.busy', (b) => b.busy, { since: m });
  await client.waitFor('chat.busy', (b) => !b.busy, { since: m, timeoutMs: 30_000 });
}

const history = (): HookHistoryRun[] =>
  readFileSync(join(sb.home, '.wave', 'hook-runs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HookHistoryRun);

const settingsWith = (command: string) =>
  JSON.stringify({
    permissions: { allow: ['Bash'] },
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, description: 'No rm -rf' }] }],
      // An observer, then a guard that blocks a prompt holding an AWS key id.
      UserPromptSubmit: [
        {
          hooks: [
            { type: 'command', command: 'cat > /dev/null', description: 'Prompt log' },
            { type: 'command', command: "grep -q AKIA && { echo 'the prompt holds a key' >&2; exit 2; }; exit 0", description: 'No keys' },
          ],
        },
      ],
    },
  });

beforeAll(async () => {
  ensureBuilt();
  sb = makeSandbox('rerun');
  got = join(sb.root, 'got.jsonl');
  guard = join(sb.root, 'guard.sh');
  // The guard keeps what it read (one line per run), then blocks `rm -rf`.
  sb.write(guard, `cat > "$0.in"; { cat "$0.in"; echo; } >> ${sq(got)}; grep -q 'rm -rf' "$0.in" && { echo 'rm -rf is not allowed' >&2; exit 2; }; exit 0\n`);
  sb.write(sb.userSettings, settingsWith(`sh ${sq(guard)}`));
  model = await startModelServer(Array.from({ length: 50 }, () => step));
  const server = await startServe({ home: sb.home, workdir: sb.workdir, env: { WAVE_BASE_URL: model.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'test' } });
  client = await server.connect();
  await client.call('chat.state', {});
}, 180_000);

afterAll(async () => {
  await model?.close();
  await stopAllServers();
  cleanupSandboxes();
});

describe('the stdin in the run history', () => {
  it('is what the hook read, with the run id and the project; past 16 KiB it is cut with a marker', async () => {
    await turn('clean the build');
    // The history is written off the agent's path: wait for the guard's line.
    const pre = () => history().filter((l) => l.event === 'PreToolUse');
    await expect.poll(() => pre().length).toBe(1);
    const [line] = pre();
    const read = readFileSync(got, 'utf8').split('\n').filter(Boolean);
    expect(line!.stdin).toBe(read[0]);
    expect(JSON.parse(line!.stdin!)).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    expect(line).toMatchObject({ verdict: 'blocked', project: sb.workdir, id: expect.any(String) });
    expect(line!.test).toBeUndefined();
    expect(line!.stdinCut).toBeUndefined();

    await turn('PLEASE-LONG');
    await expect.poll(() => pre().length).toBe(2);
    const long = pre()[1]!;
    expect(long.stdin).toHaveLength(16 * 1024);
    expect(long.stdinCut).toBe(readFileSync(got, 'utf8').split('\n').filter(Boolean)[1]!.length - 16 * 1024);
    // The page's list: the project filter and its choices.
    const runs = await client.call('hooks.runs', { project: sb.workdir, event: 'PreToolUse' });
    expect(runs.projects).toEqual([sb.workdir]);
    expect(runs.runs.map((r) => r.id)).toEqual([long.id, line!.id]);
    expect((await client.call('hooks.runs', { project: '/elsewhere' })).runs).toEqual([]);
    // A cut stdin is not the call that happened: it is not re-run.
    expect(await client.call('hooks.rerun', { id: long.id! })).toMatchObject({ refused: 'stdinCut', after: null });
  });
});

describe('a prompt a hook blocked', () => {
  it('is stored nowhere, not even in the run history: its runs keep no stdin (stdinErased) and are not re-run; a prompt that went through keeps it', async () => {
    const SECRET = 'AKIA-EXAMPLE-4242';
    const prompts = () => history().filter((l) => l.event === 'UserPromptSubmit');
    const before = prompts().length;
    await turn('hello there');
    await turn(`deploy with ${SECRET}`);
    // The history is written off the agent's path: wait for the four lines of these two prompts.
    await expect.poll(() => prompts().length).toBe(before + 4);
    const file = readFileSync(join(sb.home, '.wave', 'hook-runs.jsonl'), 'utf8');
    expect(file).not.toContain(SECRET);
    // The last two prompts' runs (the earlier turns' prompts went through as well).
    const [logOk, guardOk, logBlocked, guardBlocked] = prompts().slice(-4);
    expect(JSON.parse(logOk!.stdin!)).toMatchObject({ prompt: 'hello there' });
    expect(guardOk).toMatchObject({ verdict: 'ok', stdin: logOk!.stdin });
    // The observer ran before the guard blocked: its line waited for the decision, and keeps no stdin either.
    expect(logBlocked).toMatchObject({ verdict: 'ok', stdinErased: true });
    expect(guardBlocked).toMatchObject({ verdict: 'blocked', stdinErased: true });
    expect(logBlocked!.stdin).toBeUndefined();
    expect(guardBlocked!.stdin).toBeUndefined();
    expect(await client.call('hooks.rerun', { id: guardBlocked!.id! })).toMatchObject({ refused: 'erased', after: null });
    expect(await client.call('hooks.rerun', { id: guardOk!.id! })).toMatchObject({ refused: null, after: { verdict: 'ok' } });
  });
});

describe('hooks.rerun', () => {
  it('gives the recorded stdin to the hook as it is on disk now: the new decision next to the old one, a test run in the history', async () => {
    const blocked = history().find((l) => l.event === 'PreToolUse' && l.verdict === 'blocked')!;
    // The user fixes the guard's script: it lets `rm -rf build` through now.
    sb.write(guard, `cat > "$0.in"; { cat "$0.in"; echo; } >> ${sq(got)}; exit 0\n`);
    const before = readFileSync(got, 'utf8').split('\n').filter(Boolean).length;
    const r = await client.call('hooks.rerun', { id: blocked.id! });
    expect(r).toMatchObject({ refused: null, summary: 'nothing', before: { id: blocked.id, verdict: 'blocked' }, after: { verdict: 'ok', exitCode: 0 } });
    // The hook read exactly the recorded stdin.
    expect(readFileSync(got, 'utf8').split('\n').filter(Boolean).slice(before)).toEqual([blocked.stdin]);
    const last = history().at(-1)!;
    expect(last).toMatchObject({ test: true, verdict: 'ok', stdin: blocked.stdin, project: sb.workdir });
  });

  it('a hook that changed or is gone is named as such, and nothing runs', async () => {
    const blocked = history().find((l) => l.event === 'PreToolUse' && l.verdict === 'blocked')!;
    const count = () => (existsSync(got) ? readFileSync(got, 'utf8').split('\n').filter(Boolean).length : 0);
    const n = count();
    sb.write(sb.userSettings, settingsWith(`sh ${sq(guard)} --strict`));
    await client.call('hooks.list', {});
    expect(await client.call('hooks.rerun', { id: blocked.id! })).toMatchObject({ refused: 'changed', after: null, detail: `Bash\nsh ${sq(guard)} --strict` });
    sb.write(sb.userSettings, JSON.stringify({ permissions: { allow: ['Bash'] } }));
    expect(await client.call('hooks.rerun', { id: blocked.id! })).toMatchObject({ refused: 'gone', after: null });
    expect(count()).toBe(n);
    expect(await client.refused('hooks.rerun', { id: 'no-such-run' })).toMatchObject({ code: 'not_found', why: { kind: 'runGone', undone: null } });
  });
});
