// `npm start` runs `wave serve --standalone`, and `wave` runs for any folder (README, "The two
// commands"): run through `npx --prefix <checkout>` from a project that is not the checkout, it
// serves that project, prints the URL to open (never the ready line: that is for the IDE), shows
// host requests as plain text, and a page opened without the token says what to open instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HANG_MS } from '../limits.js';
import { cleanupSandboxes, ensureBuilt, makeSandbox, REPO } from './harness.js';

const children: ChildProcess[] = [];
/** npx does not pass a signal on to the `wave` it started: the whole process group is signalled. */
function killGroup(c: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (c.pid !== undefined) process.kill(-c.pid, signal);
  } catch {
    // already gone
  }
}

afterAll(() => {
  for (const c of children) killGroup(c, 'SIGKILL');
  cleanupSandboxes();
});

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** Sends one request over the WebSocket and resolves with its answer. */
function call(url: string, method: string, params: unknown): Promise<unknown> {
  const u = new URL(url);
  const ws = new WebSocket(`ws://${u.host}/ws${u.search}`, { origin: `http://${u.host}` });
  return new Promise((resolve, reject) => {
    ws.once('open', () => ws.send(JSON.stringify({ type: 'request', id: 1, method, params })));
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { type: string; id?: number };
      if (m.type === 'response' && m.id === 1) (resolve(m), ws.close());
    });
    ws.once('error', reject);
  });
}

describe('wave serve --standalone, for any folder', () => {
  it('serves the folder it was started in, prints the URL instead of the ready line, and host requests as text', async () => {
    ensureBuilt();
    const sb = makeSandbox('standalone');
    sb.write(sb.userSettings, '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "echo done" } ] } ] } }\n');
    const child = spawn('npx', ['--prefix', REPO, 'wave', 'serve', '--standalone', '--port', '0'], {
      cwd: sb.workdir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: sb.home, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so npx and the wave it runs go together
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within ${HANG_MS / 1000} s (a hang): ${out}`)), HANG_MS);
      child.stdout!.on('data', () => {
        const m = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+) in a browser/.exec(out);
        if (m) (clearTimeout(timer), resolve(m[1]!));
      });
    });
    expect(out).toContain(`Wave is serving ${sb.workdir}\n`);
    expect(out).not.toContain('{"ready"');

    const page = await get(url);
    expect(page.status).toBe(200);
    const refused = await get(url.replace(/\?token=.*/, ''));
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Open the exact URL that `npm start` (or `wave serve --standalone`) printed');

    const listing = (await call(url, 'hooks.list', {})) as { result: { workdir: string; hooks: Array<{ id: string }> } };
    expect(listing.result.workdir).toBe(sb.workdir);
    await call(url, 'hooks.edit', { id: listing.result.hooks[0]!.id, prefill: 'edit it' });
    await expect.poll(() => out).toContain(`[IDE] open ${sb.userSettings}\n`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, 'SIGTERM');
    await exited;
  });
});
