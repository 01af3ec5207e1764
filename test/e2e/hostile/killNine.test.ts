// kill -9 of `wave -p` (docs/reliability.md, "Background shells after kill -9"): a SIGKILL runs no
// exit handler, so the background shells and hook processes a run started used to keep running.
// The watchdog (process/watchdog.ts) ends them; the next start of the same session (`--resume`)
// says what was left. The real `wave -p`, a real background shell and a real async hook.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dead } from '../../../sidecar/test/hooks/processes.js';
import { call, cleanupSandboxes, ensureBuilt, errorTexts, Sandbox, server, sq, WAVE_BIN } from '../harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** Resolves once `cond` holds, checking whenever `wait` says something may have changed (polled at 20 ms). */
async function until(cond: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!cond()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pidIn = (file: string) => Number(readFileSync(file, 'utf8').trim());

describe('kill -9 of wave -p', () => {
  it('its background shell and async hook end with it; --resume says what was left', async () => {
    const sb = new Sandbox();
    const shellPid = sb.outFile('shell.pid');
    const hookPid = sb.outFile('hook.pid');
    sb.settings({
      hooks: { PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `echo $$ > ${sq(hookPid)}; exec sleep 600`, async: true }] }] },
    });
    const model = await server([
      call('Bash', { command: `sleep 600 & echo $! > ${sq(shellPid)}; wait`, run_in_background: true }, 'call_bg'),
      { text: 'started it' },
      { text: 'resumed answer' },
    ]);
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: sb.home,
        LANG: 'C.UTF-8',
        WAVE_MODEL: 'scripted-model',
        WAVE_API_KEY: 'k',
        WAVE_BASE_URL: model.openaiBaseURL,
      };
      const args = [WAVE_BIN, '-p', 'start a server', '--workdir', sb.workdir, '--output-format', 'json', '--permission-mode', 'bypassPermissions'];
      const wave = spawn(process.execPath, args, { cwd: sb.workdir, env, stdio: 'ignore' });
      const exited = new Promise((resolve) => wave.on('exit', resolve));
      await until(
        () => existsSync(shellPid) && existsSync(hookPid) && readFileSync(shellPid, 'utf8').trim() !== '' && readFileSync(hookPid, 'utf8').trim() !== '',
        'the shell and the hook',
      );
      wave.kill('SIGKILL');
      await exited;
      await until(() => dead(pidIn(shellPid)), `the background shell's sleep (pid ${pidIn(shellPid)}) to end`);
      await until(() => dead(pidIn(hookPid)), `the async hook (pid ${pidIn(hookPid)}) to end`);

      const sessions = join(sb.home, '.wave', 'sessions');
      const id = /^session_(.+)\.json$/.exec(readdirSync(sessions).find((n) => /^session_[^.]+\.json$/.test(n))!)![1]!;
      const resumed = await sb.run('what happened?', { server: model, args: ['--resume', id] });
      expect(resumed.code).toBe(0);
      const report = errorTexts(resumed.json!.messages).filter((t) => t.includes('ended without stopping its background shells'));
      expect(report).toEqual([expect.stringMatching(/`sleep 600 & echo .*; wait`, started .*: ended/)]);
      expect(resumed.stderr).toContain('ended without stopping its background shells');
      expect(readdirSync(sessions).filter((n) => n.startsWith('running_'))).toEqual([]);
    } finally {
      await model.close();
    }
  });
});
