// Seed 000, user story "Stop Hook 后台工作感知" (Stop hook background-work awareness), its nine
// acceptance scenarios taken literally, end to end: the real `wave -p` process, real Stop /
// SubagentStop hook scripts dumping their stdin, background shells / subagents / workflows / crons
// started by the scripted model (SPEC 5 row Stop and its `background_tasks` / `session_crons`
// details; SPEC 7: `wave -p` waits for background work and its completion notification, which starts
// a new cycle in which Stop fires again).
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, PROVIDERS, Sandbox, scenario, sq, textOfMessage, userTexts } from '../harness.js';
import { BYPASS, forever, js, lastUserText, router, SETTLE_ENV, shWait, toldShellEnded, toolResults, waitFile } from './harness-work.js';
import { finalAnswer } from './harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

// Background work waits for the first Stop hook's dump (out/stop-0.json) instead of racing a sleep,
// so it is still running when Stop fires however loaded the machine is.

/** The background-task id the Bash / Task tool result names (bash_N, agent_N ...). */
const idIn = (text: string) => /\b(?:ID:?|as)\s+([A-Za-z]+_\d+)/.exec(text)?.[1] ?? /\b([a-z]+_\d+)\b/.exec(text)?.[1] ?? '';

describe.concurrent('seed 000 "Stop Hook 后台工作感知" acceptance scenarios', () => {
  it('scenario 1: no background task and no cron when the turn ends → background_tasks: [] and session_crons: [] (fields always present)', async () => {
    const r = router({ main: [{ text: 'nothing running' }] });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(1);
    expect(stop[0]).toHaveProperty('background_tasks');
    expect(stop[0]).toHaveProperty('session_crons');
    expect(stop[0]!.background_tasks).toEqual([]);
    expect(stop[0]!.session_crons).toEqual([]);
  });

  describe.each(PROVIDERS)('over %s', (provider) => {
    it('scenario 2: a background subagent running when the turn ends → one item {type "subagent", status "running", agent_type, description}; its completion notification starts a new cycle and Stop fires again with []', async () => {
      const sb0 = new Sandbox();
      const r = router({
        main: [
          call('Agent', { description: 'BG-DESC research', prompt: 'BG-SUB-PROMPT look around', run_in_background: true }, 'call_task1'),
          { text: 'MAIN-WAITING' },
          { text: 'MAIN-AFTER' },
        ],
        // The subagent answers only once the main turn ended (Stop fired).
        sub: [
          async () => (await waitFile(sb0.outFile('stop-0.json')), call('Bash', { command: 'echo bg-sub' }, 'call_subbash')),
          { text: 'BG-SUB-REPORT' },
        ],
      });
      const { sb, run, json, messages } = await scenario({
        sandbox: sb0,
        provider,
        args: BYPASS,
        env: SETTLE_ENV,
        settings: (sb) => ({
          hooks: { Stop: [group([sb.hook('stop')])], SubagentStop: [group([sb.hook('substop')])], PreToolUse: [group([sb.hook('pre')], 'Bash')] },
        }),
        script: r.script,
      });
      expect(run.code).toBe(0);
      expect(json.result).toBe(finalAnswer(json.messages)); // the answer after the background cycle, not the first 'MAIN-WAITING'
      const stop = sb.dumps('stop');
      expect(stop).toHaveLength(2);
      const main = r.of('main');
      const taskId = idIn(toolResults(main[1]!)[0]!.content);
      expect(stop[0]).toMatchObject({ hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: 'MAIN-WAITING', session_crons: [] });
      expect(stop[0]!.background_tasks).toEqual([
        { id: taskId, type: 'subagent', status: 'running', agent_type: 'general-purpose', description: 'BG-DESC research' },
      ]);
      // The completion notification reached the model in a new cycle, and Stop fired again.
      expect(main).toHaveLength(3);
      expect(userTexts(main[2]!).join('\n')).toContain('BG-SUB-REPORT');
      expect(stop[1]).toMatchObject({ stop_hook_active: false, last_assistant_message: 'MAIN-AFTER', background_tasks: [], session_crons: [] });
      expect(sb.order().filter((l) => l === 'stop' || l === 'substop')).toEqual(['stop', 'substop', 'stop']);
      // Tool hooks ran inside the background subagent, with its agent fields.
      expect(sb.dumps('pre')).toMatchObject([{ tool_name: 'Bash', agent_id: taskId, agent_type: 'general-purpose', subagent_type: 'general-purpose' }]);
      expect(messages.some((m) => m.role === 'assistant' && textOfMessage(m) === 'MAIN-AFTER')).toBe(true);
    });

    it('scenario 3: a background bash command (run_in_background) running when the turn ends → one item {type "shell", status "running", command}, no agent_type / name; after it completes a new cycle gets the notification, BashOutput reads it, Stop fires again with []', async () => {
      const sb0 = new Sandbox();
      const command = `${shWait(sb0.outFile('stop-0.json'))}; echo bg-done`;
      const r = router({
        main: [
          call('Bash', { command, description: 'wait for the stop', run_in_background: true }, 'call_bg1'),
          { text: 'WAIT' },
          (req) => call('BashOutput', { bash_id: idIn(userTexts(req).join('\n')) }, 'call_out1'),
          { text: 'ALL-DONE' },
        ],
      });
      const { sb, run, json } = await scenario({
        sandbox: sb0,
        provider,
        args: BYPASS,
        env: SETTLE_ENV,
        settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])], PostToolUse: [group([sb.hook('post')], 'Bash')] } }),
        script: r.script,
      });
      expect(run.code).toBe(0);
      expect(json.result).toBe(finalAnswer(json.messages)); // the answer after the background cycle, not the first 'WAIT'
      const main = r.of('main');
      const shellId = idIn(toolResults(main[1]!)[0]!.content);
      expect(shellId).not.toBe('');
      const stop = sb.dumps('stop');
      expect(stop).toHaveLength(2);
      expect(stop[0]!.background_tasks).toHaveLength(1);
      const task = stop[0]!.background_tasks[0];
      expect(task).toEqual({ id: shellId, type: 'shell', status: 'running', description: 'wait for the stop', command });
      expect(task).not.toHaveProperty('agent_type');
      expect(task).not.toHaveProperty('name');
      // The notification starts the third main request; BashOutput then shows the output.
      expect(main).toHaveLength(4);
      const note = userTexts(main[2]!).join('\n');
      expect(note).toContain(shellId);
      expect(note).toMatch(/exit code 0/);
      const out = toolResults(main[3]!).find((t) => t.id === 'call_out1')!;
      expect(out.content).toContain('bg-done');
      expect(out.content).toContain('completed');
      expect(stop[1]).toMatchObject({ last_assistant_message: 'ALL-DONE', background_tasks: [], session_crons: [] });
      // PostToolUse of the background Bash ran at once (the tool returned while the shell ran).
      expect(sb.dumps('post')[0]!.tool_input).toMatchObject({ run_in_background: true });
    });
  });

  it('scenario 3 (timeout variant): a foreground bash command that outlives its timeout moves to the background and is listed as a running shell when the turn ends', async () => {
    const sb0 = new Sandbox();
    const command = `${shWait(sb0.outFile('stop-0.json'))}; echo late`;
    const r = router({
      main: [call('Bash', { command, timeout: 300 }, 'call_fg1'), { text: 'MOVED' }, { text: 'LATE-SEEN' }],
    });
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const main = r.of('main');
    const result = toolResults(main[1]!)[0]!;
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/timeout/i);
    expect(result.content).toMatch(/background/i);
    const shellId = idIn(result.content);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(2);
    expect(stop[0]!.background_tasks).toEqual([
      { id: shellId, type: 'shell', status: 'running', description: expect.any(String), command },
    ]);
    expect(userTexts(main[2]!).join('\n')).toContain(shellId);
    expect(stop[1]!.background_tasks).toEqual([]);
  });

  it('scenario 4: a background workflow running when the turn ends → one item {type "workflow", status "running", name}, no command / agent_type', async () => {
    const sb0 = new Sandbox();
    const r = router({
      main: [call('Workflow', { name: 'release' }, 'call_wf1'), { text: 'WF-STARTED' }, { text: 'WF-DONE-SEEN' }],
      sub: [async () => (await waitFile(sb0.outFile('stop-0.json')), { text: 'STEP-1-DONE' }), { text: 'STEP-2-DONE' }],
    });
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (sb) => {
        sb.file('.wave/workflows/release.md', '---\ndescription: Release the thing\n---\n1. RELEASE-STEP-ONE bump the version\n2. RELEASE-STEP-TWO write the changelog\n');
      },
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(2);
    expect(stop[0]!.background_tasks).toEqual([{ id: expect.any(String), type: 'workflow', status: 'running', name: 'release', description: expect.any(String) }]);
    expect(stop[0]!.background_tasks[0]).not.toHaveProperty('command');
    expect(stop[0]!.background_tasks[0]).not.toHaveProperty('agent_type');
    expect(stop[1]!.background_tasks).toEqual([]);
  });

  it('scenario 5: one cron job (one-shot) when the turn ends → session_crons has one item whose id, schedule, recurring, prompt match the job', async () => {
    const r = router({
      main: [call('CronCreate', { schedule: '0 0 1 1 *', prompt: 'NEW-YEAR-PROMPT', recurring: false }, 'call_cron1'), { text: 'SCHEDULED' }],
    });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const created = toolResults(r.of('main')[1]!)[0]!;
    expect(created.isError).toBe(false);
    const cronId = idIn(created.content);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(1);
    expect(stop[0]!.session_crons).toEqual([{ id: cronId, schedule: '0 0 1 1 *', recurring: false, prompt: 'NEW-YEAR-PROMPT' }]);
    expect(stop[0]!.background_tasks).toEqual([]);
  });

  it('scenario 6: the Stop hook sees background_tasks non-empty and exits 2 → stop blocked, stderr injected as a user message, the AI continues; the completion notification restarts the cycle and Stop fires again with the updated (empty) array', async () => {
    const sb0 = new Sandbox();
    const r = router({
      main: [
        // Runs until the second Stop hook started.
        call('Bash', { command: `${shWait(sb0.outFile('stop-1.json'))}; echo bg-finished`, run_in_background: true }, 'call_bg1'),
        { text: 'FIRST-STOP' },
        { text: 'SECOND-STOP' },
        { text: 'AFTER-NOTIFY' },
      ],
    });
    const blockWhileRunning = `if [ "${js('i.background_tasks.length > 0 && !i.stop_hook_active')}" = true ]; then printf '%s' 'BG-STILL-RUNNING wait for it' >&2; exit 2; fi`;
    const { sb, run, messages } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop', { body: blockWhileRunning })])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(stop.map((s) => [s.stop_hook_active, s.background_tasks.length, s.last_assistant_message])).toEqual([
      [false, 1, 'FIRST-STOP'],
      [true, 1, 'SECOND-STOP'],
      // The loop guard holds across the background cycle: still the same user turn.
      [true, 0, 'AFTER-NOTIFY'],
    ]);
    const main = r.of('main');
    expect(main).toHaveLength(4);
    expect(userTexts(main[2]!).join('\n')).toContain('BG-STILL-RUNNING wait for it');
    expect(messages.some((m) => m.role === 'user' && textOfMessage(m).includes('BG-STILL-RUNNING wait for it'))).toBe(true);
    expect(userTexts(main[3]!).join('\n')).toMatch(/exit code 0/);
  });

  it('scenario 7: the arrays are the snapshot at the moment Stop fires (a task finishing before the hook reads stdin is still listed); completed / failed / killed tasks are not listed', async () => {
    const sb0 = new Sandbox();
    const MARKER = sb0.outFile('shell-finished');
    const STARTED = sb0.outFile('stop-hook-started');
    const FAILED = sb0.outFile('failing-shell-ran');
    const OK = sb0.outFile('quick-shell-ran');
    // The turn ends once the agent was told that the quick shells ended (their notifications reached
    // a model request; their files exist before they exit). Until then: a quick foreground Bash.
    let ids0: Record<string, string> = {};
    let ended = false;
    const r = router({
      main: [
        {
          toolCalls: [
            // Each lingers a moment after its file exists, as a shell on a busy machine does.
            { id: 'call_ok', name: 'Bash', input: { command: `touch ${sq(OK)}; sleep 0.3`, run_in_background: true } },
            { id: 'call_fail', name: 'Bash', input: { command: `touch ${sq(FAILED)}; sleep 0.3; exit 3`, run_in_background: true } },
            { id: 'call_kill', name: 'Bash', input: { command: 'sleep 30', run_in_background: true } },
            // Finishes only once the first Stop hook has started (and before it reads its stdin).
            { id: 'call_late', name: 'Bash', input: { command: `${shWait(STARTED)}; touch ${sq(MARKER)}`, run_in_background: true } },
          ],
        },
        (req) => {
          ids0 = Object.fromEntries(toolResults(req).map((t) => [t.id, idIn(t.content)]));
          return call('KillShell', { shell_id: ids0.call_kill }, 'call_killshell');
        },
        forever((req, i) => {
          if (ended) return { text: 'AFTER-NOTIFY' };
          if (!toldShellEnded(req, ids0.call_ok!) || !toldShellEnded(req, ids0.call_fail!)) return call('Bash', { command: 'true' }, `call_wait_${i}`);
          ended = true;
          return { text: 'TURN-END' };
        }),
      ],
    });
    // The hook reads its stdin only once the last shell has finished (its marker file exists).
    const late = [
      'if [ "$n" = 0 ]; then',
      `  touch ${sq(STARTED)}`,
      `  ${shWait(MARKER)}; sleep 0.2`,
      `  [ -f ${sq(MARKER)} ] && echo yes > "$d/marker-before-read"`,
      'fi',
      'cat > "$d/stop-read-$n.json"',
    ].join('\n');
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({
        hooks: { Stop: [group([sb.hook('stop', { noStdin: true, body: `n=$(ls "$d" | grep -c '^stop-read-[0-9]*\\.json$')\n${late}` })])] },
      }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const first = r.of('main')[1]!;
    const ids = Object.fromEntries(toolResults(first).map((t) => [t.id, idIn(t.content)]));
    const stop = sb.dumps('stop-read');
    expect(stop.length).toBeGreaterThanOrEqual(2);
    // The shell really had finished before the hook read its stdin, yet it is listed (snapshot).
    expect(existsSync(sb.outFile('marker-before-read'))).toBe(true);
    expect(stop[0]!.background_tasks).toEqual([
      { id: ids.call_late, type: 'shell', status: 'running', description: expect.any(String), command: expect.stringContaining(MARKER) },
    ]);
    // Completed, failed (exit 3) and killed shells are not in the array.
    const listed = stop[0]!.background_tasks.map((t: { id: string }) => t.id);
    expect(listed).not.toContain(ids.call_ok);
    expect(listed).not.toContain(ids.call_fail);
    expect(listed).not.toContain(ids.call_kill);
    expect(stop[stop.length - 1]!.background_tasks).toEqual([]);
  });

  it('scenario 8: the SubagentStop payload (a subagent ends its own turn) has no background_tasks and no session_crons, while the main Stop does', async () => {
    const r = router({
      main: [
        call('CronCreate', { schedule: '0 0 1 1 *', prompt: 'LATER', recurring: true }, 'call_cron'),
        call('Agent', { description: 'quick look', prompt: 'SUB-PROMPT' }, 'call_task'),
        { text: 'MAIN-DONE' },
      ],
      sub: [{ text: 'SUB-DONE' }],
    });
    const { sb, run } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])], SubagentStop: [group([sb.hook('substop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    const sub = sb.dumps('substop');
    expect(sub).toHaveLength(1);
    expect(sub[0]).toMatchObject({ hook_event_name: 'SubagentStop', agent_type: 'general-purpose', last_assistant_message: 'SUB-DONE', stop_hook_active: false });
    expect(sub[0]).not.toHaveProperty('background_tasks');
    expect(sub[0]).not.toHaveProperty('session_crons');
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(1);
    expect(stop[0]!.session_crons).toHaveLength(1);
  });

  it('scenario 9: a description or command over 1000 characters is cut to 1000 followed by "… [+N chars]"', async () => {
    const sb0 = new Sandbox();
    const wait = shWait(sb0.outFile('stop-0.json'));
    const command = `${wait}; : ${'c'.repeat(1500 - wait.length - 4)}`; // 1500 characters
    const description = 'D'.repeat(1200);
    const r = router({
      main: [
        {
          toolCalls: [
            { id: 'call_bash', name: 'Bash', input: { command, run_in_background: true } },
            { id: 'call_task', name: 'Agent', input: { description, prompt: 'LONG-SUB', run_in_background: true } },
          ],
        },
        { text: 'TWO-RUNNING' },
        forever({ text: 'NOTIFIED' }),
      ],
      sub: [async () => (await waitFile(sb0.outFile('stop-0.json')), { text: 'SUB-REPORT' })],
    });
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(command).toHaveLength(1500);
    const stop = sb.dumps('stop');
    const tasks = stop[0]!.background_tasks as Array<Record<string, string>>;
    expect(tasks).toHaveLength(2);
    const shell = tasks.find((t) => t.type === 'shell')!;
    const sub = tasks.find((t) => t.type === 'subagent')!;
    expect(shell.command).toBe(`${command.slice(0, 1000)}… [+500 chars]`);
    // Without a description the shell's description is its command line: cut the same way.
    expect(String(shell.description).length).toBeLessThanOrEqual(1000 + '… [+500 chars]'.length);
    expect(sub.description).toBe(`${'D'.repeat(1000)}… [+200 chars]`);
    expect(stop[stop.length - 1]!.background_tasks).toEqual([]);
    // Only the Stop payload is cut: the model saw the whole command.
    expect(JSON.stringify(r.of('main')[1]!.body)).toContain(command);
  });
});

describe.concurrent('Stop and background work in one wave -p run', () => {
  it('past the run\'s wait limit (WAVE_SETTLE_SECONDS) `wave -p` says so on stderr, stops the background shell (no process outlives it) and still ends the session', async () => {
    const sb0 = new Sandbox();
    const pidFile = sb0.outFile('bg.pid');
    const late = sb0.outFile('bg-survived');
    const r = router({ main: [call('Bash', { command: `echo $$ > ${sq(pidFile)}; sleep 600; touch ${sq(late)}`, run_in_background: true }), { text: 'LEFT-RUNNING' }] });
    const { sb, run } = await scenario({
      sandbox: sb0,
      args: BYPASS,
      env: { WAVE_SETTLE_SECONDS: '1' },
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])], SessionEnd: [group([sb.hook('end')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    // It did not wait for the shell: the shell was stopped (its `touch` never ran, its process is gone).
    expect(run.stderr).toMatch(/background work still running/);
    expect(sb.dumps('stop').map((s) => s.background_tasks.length)).toEqual([1]);
    expect(sb.dumps('end')).toHaveLength(1);
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    expect(alive).toBe(false);
    expect(existsSync(late)).toBe(false);
  });

  it('the run returns only after the background shell finished and the model was told (a `sleep 1` shell keeps the run about a second longer)', async () => {
    const r = router({ main: [call('Bash', { command: 'sleep 1', run_in_background: true }), { text: 'A' }, { text: 'B' }] });
    const { run, sb } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      settings: (sb) => ({ hooks: { Stop: [group([sb.hook('stop')])] } }),
      script: r.script,
    });
    expect(run.code).toBe(0);
    expect(run.ms).toBeGreaterThan(1000);
    expect(sb.dumps('stop').map((s) => s.background_tasks.length)).toEqual([1, 0]);
    expect(lastUserText(r.of('main')[2]!)).toMatch(/finished|exit code 0/);
  });
});
