// Background shells and the shell tools (Bash, BashOutput, KillShell) with REAL processes: nothing
// of shells.ts / shellTools.ts / registry.ts is mocked. Each case asserts what the model and the
// agent observe: tool results and responses, registry tasks and notifications, and that no
// process of any shell survives (checked with `ps`, by process group).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool, ToolContext, ToolOutcome } from '../../src/agent/tools/types.js';
import { EVENTS } from '../../src/hooks/contract/events.js';
import { CronScheduler } from '../../src/work/crons.js';
import { WorkRegistry, type Notification } from '../../src/work/registry.js';
import { createShellTools } from '../../src/work/shellTools.js';
import { ShellManager } from '../../src/work/shells.js';
import { HANG_MS } from '../../../test/limits.js';

/** The Stop payload's `background_tasks` for what the registry runs now (the payload builder picks the fields). */
const stopTasks = (r: WorkRegistry) =>
  (EVENTS.Stop.payload({ stop_hook_active: false, background_tasks: r.running(), session_crons: [] }) as { background_tasks: unknown[] }).background_tasks;

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let scratch = '';
/** Every process group any shell of this suite started (the shell's pid is its group id). */
const groups = new Set<number>();
const managers: ShellManager[] = [];

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'wave-shells-'));
});

afterAll(async () => {
  for (const m of managers) await m.killAll();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Live (non-zombie) processes in the given groups. */
function liveIn(pgids: Iterable<number>): string[] {
  const wanted = new Set(pgids);
  const ps = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  const found: string[] = [];
  for (const line of ps.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) continue;
    if (wanted.has(Number(m[2])) && !m[3]!.startsWith('Z')) found.push(line.trim());
  }
  return found;
}

interface Setup {
  registry: WorkRegistry;
  manager: ShellManager;
  notes: Notification[];
  bash: Tool<Record<string, unknown>>;
  output: Tool<Record<string, unknown>>;
  kill: Tool<Record<string, unknown>>;
  ctx: ToolContext;
  /** Runs a tool the way the agent does: validate with its schema, then run. */
  call: (tool: Tool<Record<string, unknown>>, input: Record<string, unknown>, ctx?: ToolContext) => Promise<ToolOutcome>;
}

function setup(opts: ConstructorParameters<typeof ShellManager>[1] = {}): Setup {
  const registry = new WorkRegistry();
  const manager = new ShellManager(registry, opts);
  managers.push(manager);
  const notes: Notification[] = [];
  registry.onNotification((n) => notes.push(n));
  const tools = createShellTools(manager) as unknown as Tool<Record<string, unknown>>[];
  const byName = (n: string) => tools.find((t) => t.name === n)!;
  const ctx: ToolContext = { cwd: scratch, env: { ...process.env } };
  const call = async (tool: Tool<Record<string, unknown>>, input: Record<string, unknown>, c: ToolContext = ctx) => {
    const parsed = tool.schema.parse(input);
    const outcome = await tool.run(parsed, c);
    for (const s of manager.list()) if (s.pid !== undefined) groups.add(s.pid);
    return outcome;
  };
  return { registry, manager, notes, bash: byName('Bash'), output: byName('BashOutput'), kill: byName('KillShell'), ctx, call };
}

/** Waits until `cond` holds (HANG_MS at most: a hang, never a measure of speed). */
async function until(cond: () => boolean): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > HANG_MS) throw new Error('condition not met: a hang');
    await sleep(20);
  }
}

/** What a shell has printed so far, read without moving BashOutput's cursor. */
function printed(s: Setup, id: string): { stdout: string; stderr: string } {
  const shell = s.manager.get(id) as unknown as { output: { since(offset: number): { stdout: string; stderr: string } } };
  return shell.output.since(0);
}

/** Shell lines that wait until the test creates `file` (an event the test gives, never a sleep). */
const gate = (file: string) => `while [ ! -e '${file}' ]; do sleep 0.02; done`;

/** Every process of these groups gone: `liveIn` empty (waited for, up to the hang limit). */
async function allGone(pgids: Iterable<number>): Promise<string[]> {
  await until(() => liveIn(pgids).length === 0);
  return liveIn(pgids);
}

describe('tool definitions', () => {
  it('offers Bash, BashOutput and KillShell with Claude Code input shapes', () => {
    const s = setup();
    expect([s.bash.name, s.output.name, s.kill.name]).toEqual(['Bash', 'BashOutput', 'KillShell']);
    expect([s.bash.access, s.output.access, s.kill.access]).toEqual(['execute', 'read', 'execute']);
    expect(s.bash.ruleContent?.({ command: 'npm test' })).toBe('npm test');
    expect(s.bash.schema.safeParse({ command: 'x', timeout: 600_001 }).success).toBe(false);
    expect(s.bash.schema.safeParse({ command: 'x', timeout: 1000, description: 'd', run_in_background: true }).success).toBe(true);
  });
});

describe.concurrent('foreground Bash', () => {
  it('returns stdout, exit code 0, and is not a background task', async () => {
    const s = setup();
    const r = await s.call(s.bash, { command: 'echo hello; echo warn >&2' });
    expect(r.success).toBe(true);
    expect(r.result).toBe('hello\nwarn');
    expect(r.response).toMatchObject({ stdout: 'hello', stderr: 'warn', interrupted: false, isImage: false, exit_code: 0, success: true });
    expect(s.registry.running()).toEqual([]);
    expect(s.registry.get('bash_1')).toBeUndefined();
    expect(s.manager.list()).toEqual([]);
    expect(s.notes).toEqual([]);
    const read = await s.call(s.output, { bash_id: 'bash_1' });
    expect(read.success).toBe(false);
  });

  it('reports a failing command as "Exit code N" with its output', async () => {
    const s = setup();
    const r = await s.call(s.bash, { command: 'echo partial; echo boom >&2; exit 3' });
    expect(r.success).toBe(false);
    expect(r.result).toBe('Exit code 3\npartial\nboom');
    expect(r.error).toBe(r.result);
    expect(r.response).toMatchObject({ exit_code: 3, success: false, stdout: 'partial', stderr: 'boom' });
  });

  it('runs in the session cwd with its environment', async () => {
    const s = setup();
    const r = await s.call(s.bash, { command: 'pwd; echo "$WAVE_SHELL_TEST"' }, { cwd: scratch, env: { ...process.env, WAVE_SHELL_TEST: 'yes' } });
    expect(r.result.split('\n')).toEqual([expect.stringMatching(/wave-shells-/), 'yes']);
  });

  it('fails clearly when the command cannot start', async () => {
    const s = setup();
    const r = await s.call(s.bash, { command: 'echo x' }, { cwd: join(scratch, 'missing-dir'), env: { ...process.env } });
    expect(r.success).toBe(false);
    expect(r.result).toMatch(/^Cannot run the command: the working directory .*missing-dir does not exist$/);
  });

  it('does not hang on a process that keeps the output pipes open', async () => {
    const s = setup();
    const t0 = Date.now();
    const r = await s.call(s.bash, { command: 'sleep 20 & echo hi' });
    expect(Date.now() - t0).toBeLessThan(20_000); // returned before the `sleep 20` holding the pipes ended
    expect(r.result).toBe('hi');
    await s.manager.killAll(); // the leftover sleep goes with the session
  });

  it('caps what the model sees at ~30,000 characters, keeping start and end', async () => {
    const s = setup();
    const r = await s.call(s.bash, { command: 'seq 1 30000' });
    expect(r.success).toBe(true);
    expect(r.result.length).toBeLessThan(30_200);
    expect(r.result.startsWith('1\n2\n3\n')).toBe(true);
    expect(r.result.endsWith('29999\n30000')).toBe(true);
    expect(r.result).toMatch(/characters truncated/);
  });

  it('kills a foreground command when the turn is aborted', async () => {
    const s = setup();
    const ac = new AbortController();
    const t0 = Date.now();
    setTimeout(() => ac.abort(), 300);
    const r = await s.call(s.bash, { command: 'echo started; sleep 30' }, { ...s.ctx, signal: ac.signal });
    expect(Date.now() - t0).toBeLessThan(30_000); // it did not wait for the `sleep 30`
    expect(r.success).toBe(false);
    expect(r.result).toMatch(/^Command interrupted\nstarted/);
    expect(r.response).toMatchObject({ interrupted: true });
    expect(s.registry.running()).toEqual([]);
    expect(s.notes).toEqual([]);
  });
});

describe.concurrent('background shells', () => {
  it('run_in_background: start, read incrementally, kill, one "was killed" notification', async () => {
    const s = setup();
    const r = await s.call(s.bash, {
      command: 'echo first; sleep 0.3; echo second >&2; sleep 30',
      description: 'Long job',
      run_in_background: true,
    });
    expect(r.success).toBe(true);
    expect(r.result).toBe('Command running in background with ID: bash_1');
    expect(r.response).toMatchObject({ backgroundTaskId: 'bash_1' });
    expect(stopTasks(s.registry)).toEqual([
      { id: 'bash_1', type: 'shell', status: 'running', description: 'Long job', command: 'echo first; sleep 0.3; echo second >&2; sleep 30' },
    ]);

    await until(() => printed(s, 'bash_1').stderr.includes('second'));
    const a = await s.call(s.output, { bash_id: 'bash_1' });
    expect(a.success).toBe(true);
    expect(a.result).toContain('<status>running</status>');
    expect(a.result).toContain('<stdout>\nfirst\n</stdout>');
    expect(a.result).toContain('<stderr>\nsecond\n</stderr>');
    expect(a.response).toMatchObject({ shellId: 'bash_1', status: 'running', exitCode: null, stdout: 'first', stderr: 'second' });

    const b = await s.call(s.output, { bash_id: 'bash_1' });
    expect(b.result).toContain('(no new output)');

    const pid = s.manager.get('bash_1')!.pid!;
    const k = await s.call(s.kill, { shell_id: 'bash_1' });
    expect(k.success).toBe(true);
    expect(k.result).toBe('Killed shell bash_1 ("Long job").');
    expect(liveIn([pid])).toEqual([]);

    await until(() => s.notes.length > 0);
    await s.manager.get('bash_1')!.done; // it has ended: every note it will ever give is in
    expect(s.notes).toEqual([
      { taskId: 'bash_1', text: 'Background shell bash_1 ("Long job") was killed. Use BashOutput with bash_id "bash_1" to read its output.' },
    ]);
    expect(s.registry.get('bash_1')?.status).toBe('killed');
    expect(stopTasks(s.registry)).toEqual([]);

    const c = await s.call(s.output, { bash_id: 'bash_1' });
    expect(c.result).toContain('<status>killed</status>');
    const again = await s.call(s.kill, { shell_id: 'bash_1' });
    expect(again.success).toBe(false);
    expect(again.result).toBe('Shell bash_1 is not running: it was killed.');
  });

  it('notifies completion once, with the exit code, and BashOutput shows it', async () => {
    const s = setup();
    await s.call(s.bash, { command: 'echo ok', run_in_background: true });
    await s.call(s.bash, { command: 'echo bad; exit 4', run_in_background: true, description: 'Failing job' });
    await until(() => s.notes.length === 2);
    await Promise.all(s.manager.list().map((sh) => sh.done)); // both ended: no note can follow
    const texts = s.notes.map((n) => n.text).sort();
    expect(texts).toEqual([
      'Background shell bash_1 ("echo ok") finished with exit code 0. Use BashOutput with bash_id "bash_1" to read its output.',
      'Background shell bash_2 ("Failing job") failed with exit code 4. Use BashOutput with bash_id "bash_2" to read its output.',
    ]);
    expect(s.registry.get('bash_1')?.status).toBe('completed');
    expect(s.registry.get('bash_2')?.status).toBe('failed');
    const out = await s.call(s.output, { bash_id: 'bash_2' });
    expect(out.result).toContain('<status>failed</status>\n<exit_code>4</exit_code>');
    expect(out.result).toContain('bad');
  });

  it('BashOutput: filter keeps matching lines; bad regex and unknown id fail clearly', async () => {
    const s = setup();
    await s.call(s.bash, { command: 'printf "ok 1\\nerror 2\\nok 3\\n"', run_in_background: true });
    await until(() => s.notes.length === 1);
    const f = await s.call(s.output, { bash_id: 'bash_1', filter: '^ok' });
    expect(f.response).toMatchObject({ stdout: 'ok 1\nok 3', status: 'completed', exitCode: 0, filterPattern: '^ok' });
    const bad = await s.call(s.output, { bash_id: 'bash_1', filter: '(' });
    expect(bad.success).toBe(false);
    expect(bad.result).toMatch(/^Invalid filter regular expression "\("/);
    const unknown = await s.call(s.output, { bash_id: 'bash_99' });
    expect(unknown.success).toBe(false);
    expect(unknown.result).toBe('No background shell with ID "bash_99". Known shells: bash_1.');
    const killUnknown = await s.call(s.kill, { shell_id: 'nope' });
    expect(killUnknown.success).toBe(false);
    expect(killUnknown.result).toMatch(/^No background shell with ID "nope"/);
  });

  it('keeps only the most recent output when over the cap, and says how much was dropped', async () => {
    const s = setup({ outputCap: 1000 });
    await s.call(s.bash, { command: 'seq 1 2000', run_in_background: true });
    await until(() => s.notes.length === 1);
    const shell = s.manager.get('bash_1')!;
    const all = shell.readAll();
    expect(Buffer.byteLength(all.combined)).toBeLessThanOrEqual(1000);
    expect(all.combined.endsWith('1999\n2000\n')).toBe(true);
    const total = Buffer.byteLength(execFileSync('seq', ['1', '2000'], { encoding: 'utf8' }));
    expect(all.droppedBytes).toBe(total - Buffer.byteLength(all.combined));
    const r = await s.call(s.output, { bash_id: 'bash_1' });
    expect(r.result).toMatch(/<note>\[… \d+ bytes of earlier output dropped/);
  });
});

describe('output at the exit', () => {
  it('output still in the pipes when the shell exits is read to its end, however late the exit grace fires (1 ms: a timer on a busy machine)', async () => {
    // Output can arrive after the exit event; a grace timer that fired before it was read used to cut it off.
    const manager = new ShellManager(new WorkRegistry(), { exitGraceMs: 1 });
    managers.push(manager);
    for (let round = 0; round < 4; round++) {
      const shells = Array.from({ length: 12 }, () => manager.start(`head -c 900000 /dev/zero | tr '\\0' b; echo END`, { cwd: scratch, env: process.env }));
      await Promise.all(shells.map((sh) => sh.done));
      for (const sh of shells) {
        const all = sh.readAll();
        expect(all.droppedBytes).toBe(0);
        expect(all.stdout.length).toBe(900_004);
        expect(all.stdout.endsWith('bEND\n')).toBe(true);
      }
    }
  });
});

describe('foreground command past its timeout', () => {
  it('moves to the background, stays readable, and completes with exactly one notification', async () => {
    const s = setup();
    const go = join(scratch, `go-${process.hrtime.bigint()}`);
    // `two` and `three` wait for the test: the call can only have returned at its timeout.
    const r = await s.call(s.bash, { command: `echo one; ${gate(`${go}-1`)}; echo two; ${gate(`${go}-2`)}; echo three`, timeout: 300 });
    expect(r.success).toBe(true);
    expect(r.result).toBe(
      'Command exceeded its timeout of 300 ms and continues in the background as bash_1. ' +
        'Use BashOutput with bash_id "bash_1" to read its output, KillShell to stop it.\n\nOutput so far:\none',
    );
    expect(r.response).toMatchObject({ backgroundTaskId: 'bash_1', success: true, stdout: 'one' });
    expect(stopTasks(s.registry)).toEqual([
      { id: 'bash_1', type: 'shell', status: 'running', description: expect.stringContaining('echo one'), command: expect.stringContaining('echo one') },
    ]);

    writeFileSync(`${go}-1`, '');
    await until(() => printed(s, 'bash_1').stdout.includes('two'));
    const mid = await s.call(s.output, { bash_id: 'bash_1' });
    expect(mid.response).toMatchObject({ status: 'running', stdout: 'two' });

    writeFileSync(`${go}-2`, '');
    await until(() => s.notes.length > 0);
    await s.manager.get('bash_1')!.done;
    expect(s.notes).toHaveLength(1);
    expect(s.notes[0]!.text).toMatch(/^Background shell bash_1 \("echo one; .*"\) finished with exit code 0\. Use BashOutput/);
    const end = await s.call(s.output, { bash_id: 'bash_1' });
    expect(end.response).toMatchObject({ status: 'completed', exitCode: 0, stdout: 'three' });
    await s.registry.idle();
  });

  it('a foreground command that finishes in time leaves nothing in the registry', async () => {
    const s = setup();
    const r = await s.call(s.bash, { command: 'sleep 0.1; echo done', timeout: 5000 });
    expect(r.result).toBe('done');
    expect(s.registry.running()).toEqual([]);
    expect(s.registry.get('bash_1')).toBeUndefined();
  });
});

describe('Stop payload integration', () => {
  it('background_tasks lists running shells with command, cut at 1000 characters', async () => {
    const s = setup();
    const crons = new CronScheduler({ onDue: () => {} });
    const long = `sleep 30 # ${'x'.repeat(1500)}`;
    await s.call(s.bash, { command: long, run_in_background: true });
    await s.call(s.bash, { command: 'sleep 30', description: 'Short', run_in_background: true });
    crons.create({ schedule: '0 9 * * 1-5', prompt: 'standup', recurring: true });
    const payload = EVENTS.Stop.payload({
      stop_hook_active: false,
      last_assistant_message: 'Done.',
      background_tasks: s.registry.running(),
      session_crons: crons.snapshot(),
    }) as { background_tasks: Array<Record<string, unknown>>; session_crons: unknown[] };
    expect(payload.background_tasks).toEqual([
      {
        id: 'bash_1',
        type: 'shell',
        status: 'running',
        description: `${long.slice(0, 1000)}… [+${long.length - 1000} chars]`,
        command: `${long.slice(0, 1000)}… [+${long.length - 1000} chars]`,
      },
      { id: 'bash_2', type: 'shell', status: 'running', description: 'Short', command: 'sleep 30' },
    ]);
    expect(payload.session_crons).toEqual([{ id: 'cron_1', schedule: '0 9 * * 1-5', recurring: true, prompt: 'standup' }]);
    crons.stop();
    await s.manager.killAll();
  });
});

describe('killAll', () => {
  it('leaves no process of any shell, including grandchildren, TERM-ignorers and leftovers', async () => {
    const s = setup({ killGraceMs: 500 });
    await s.call(s.bash, { command: 'sleep 30 & sleep 30 & wait', run_in_background: true });
    await s.call(s.bash, { command: "trap '' TERM; sleep 30; sleep 30", run_in_background: true });
    await s.call(s.bash, { command: 'sleep 30', timeout: 200 }); // moved to the background
    // A finished foreground command that left a process behind in its group.
    const left = await s.call(s.bash, { command: '(sleep 30 >/dev/null 2>&1 &); echo $$' });
    expect(left.result).toMatch(/^\d+$/);
    groups.add(Number(left.result));
    // Every group of this test has reached its `sleep 30` (the TERM-ignorer has set its trap by then).
    const mine = new Set([...s.manager.list().map((sh) => sh.pid!), Number(left.result)]);
    await until(() => [...mine].every((g) => liveIn([g]).some((l) => l.endsWith(' sleep 30'))));

    const t0 = Date.now();
    await s.manager.killAll();
    expect(Date.now() - t0).toBeLessThan(30_000); // it did not wait for the TERM-ignorer's `sleep 30`
    expect(await allGone(groups)).toEqual([]);
    await until(() => s.registry.running().length === 0);
    expect(s.notes.map((n) => n.text).every((t) => t.includes('was killed'))).toBe(true);
    expect(s.notes).toHaveLength(3);
  });
});

describe.concurrent('sidecar death', () => {
  /** Starts a sidecar-like Node process running a background shell (and a hook too, when asked). */
  async function sidecar(hook: 'none' | 'before' | 'after'): Promise<{ child: ChildProcess; pgids: number[] }> {
    const withHook = hook !== 'none';
    const runHook =
      "void runHookProcess({ file: 'sh', args: ['-c', 'echo $$ >&2; sleep 30'], cwd: process.cwd(), env: process.env, input: '', timeoutMs: 60000 });";
    const code = [
      "import { WorkRegistry } from './sidecar/src/work/registry.ts';",
      "import { ShellManager } from './sidecar/src/work/shells.ts';",
      "import { runHookProcess } from './sidecar/src/hooks/run/runner.ts';",
      hook === 'before' ? runHook : '',
      'const m = new ShellManager(new WorkRegistry());',
      "const sh = m.start('sleep 30 & sleep 30', { cwd: process.cwd(), env: process.env });",
      'm.toBackground(sh.id);',
      'const pids = [sh.pid];',
      hook === 'after' ? runHook : '',
      'setInterval(() => {}, 1000);',
      "setTimeout(() => console.log(JSON.stringify(pids)), 300);",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pgids = await new Promise<number[]>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(JSON.parse(out) as number[]);
      });
      child.on('exit', () => reject(new Error(`sidecar exited early: ${out}`)));
    });
    if (withHook) {
      await until(() => hookGroups(child.pid!).length > 0);
      pgids.push(...hookGroups(child.pid!));
    }
    return { child, pgids };
  }

  /** Process groups of the hook processes a sidecar started. */
  function hookGroups(parent: number): number[] {
    const ps = execFileSync('ps', ['-eo', 'pgid=,ppid=,args='], { encoding: 'utf8' });
    return ps
      .split('\n')
      // On Linux a hook's command starts with the runner's gate (process/pipeHolders.ts).
      .map((l) => /^\s*(\d+)\s+(\d+)\s+sh -c (?:read -r _ \|\| exit 125; )?echo/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) === parent)
      .map((m) => Number(m[1]));
  }

  for (const hook of ['none', 'before', 'after'] as const) {
    const withHook = hook !== 'none';
    const label = withHook ? ` (and a hook started ${hook} the shell: both exit handlers)` : '';
    it(`SIGTERM kills the sidecar and its shells${label}`, async () => {
      const { child, pgids } = await sidecar(hook);
      const all = pgids;
      try {
        expect(all).toHaveLength(withHook ? 2 : 1);
        expect(liveIn(all).length).toBeGreaterThan(0);
        const exited = new Promise<NodeJS.Signals | null>((ok) => child.on('exit', (_c, sig) => ok(sig)));
        child.kill('SIGTERM');
        expect(await exited).toBe('SIGTERM');
        expect(await allGone(all)).toEqual([]);
      } finally {
        // Whatever happened above, leave nothing behind.
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        for (const g of all) {
          try {
            process.kill(-g, 'SIGKILL');
          } catch {
            // gone, as it should be
          }
        }
      }
    });
  }
});
