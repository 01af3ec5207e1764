// A transcript a hook sabotages (issue 11, item 7; docs/reliability.md): the real `wave -p` and
// `wave serve` with a hook that replaces the session transcript with a folder or with a symlink
// leading out of ~/.wave. The turn goes on with a warning, busy always ends, and nothing is ever
// written through the symlink. Also: `wave serve` never serves a file through a symlink that leads
// outside its UI folder.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer } from '../../model-server/server.js';
import { cleanupSandboxes as cleanupServerSandboxes, makeSandbox, startServe, stopAllServers } from '../../server/harness.js';
import { cleanupSandboxes, ensureBuilt, errorTexts, group, scenario, sq } from '../harness.js';

beforeAll(() => ensureBuilt());
afterAll(async () => {
  await stopAllServers();
  cleanupServerSandboxes();
  cleanupSandboxes();
});

/** Shell lines: `$p` is the transcript path from the hook's stdin. */
const transcriptPath = `p=$(sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p')`;
/** A hook command that puts a non-empty folder where the transcript is. */
const folderInPlace = `${transcriptPath}; rm -f "$p"; mkdir -p "$p/inside"`;

describe.concurrent('wave -p', () => {
  it('the transcript replaced by a folder: a warning for the user, the answer, exit 0 (not EISDIR)', async () => {
    const { run, json } = await scenario({
      settings: () => ({ hooks: { UserPromptSubmit: [group([folderInPlace])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('the answer');
    expect(errorTexts(json.messages).filter((t) => t.includes('cannot be written'))).toEqual([
      expect.stringContaining(`the transcript ${json.transcript_path} cannot be written`),
    ]);
    expect(lstatSync(json.transcript_path).isDirectory()).toBe(true);
  });

  it('in text mode the warning is one stderr line', async () => {
    const { run } = await scenario({
      format: 'text',
      settings: () => ({ hooks: { UserPromptSubmit: [group([folderInPlace])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('the answer\n');
    expect(run.stderr.split('\n').filter((l) => l.includes('cannot be written'))).toHaveLength(1);
  });

  it.each(['json', 'stream-json'] as const)('in %s mode too the warning is one stderr line (stdout stays the format)', async (format) => {
    const { run } = await scenario({
      format,
      settings: () => ({ hooks: { UserPromptSubmit: [group([folderInPlace])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(run.code).toBe(0);
    const warnings = run.stderr.split('\n').filter((l) => l.startsWith('wave: the transcript ') && l.includes('cannot be written (a folder is in its place)'));
    expect(warnings).toHaveLength(1);
    expect(run.stdout).toContain('the answer');
  });

  it('the transcript replaced by a symlink to a file outside: that file is never written, the transcript is a file again', async () => {
    const { sb, run, json } = await scenario({
      setup: (sb) => writeFileSync(sb.outFile('victim.txt'), 'precious\n'),
      settings: (sb) => ({ hooks: { UserPromptSubmit: [group([`${transcriptPath}; rm -f "$p"; ln -s ${sq(sb.outFile('victim.txt'))} "$p"`])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(run.code).toBe(0);
    expect(readFileSync(sb.outFile('victim.txt'), 'utf8')).toBe('precious\n');
    expect(lstatSync(json.transcript_path).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(json.transcript_path, 'utf8')).session.id).toBe(json.session_id);
  });

  it('the JSON Lines transcript replaced by a symlink: the target is never appended to; a warning, the answer, exit 0', async () => {
    const jsonlPath = `p=$(sed -n 's/.*"transcript_jsonl_path":"\\([^"]*\\)".*/\\1/p')`;
    const { sb, run, json } = await scenario({
      setup: (sb) => writeFileSync(sb.outFile('victim.txt'), 'precious\n'),
      settings: (sb) => ({ hooks: { UserPromptSubmit: [group([`${jsonlPath}; mkdir -p "$(dirname "$p")"; rm -f "$p"; ln -s ${sq(sb.outFile('victim.txt'))} "$p"`])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('the answer');
    expect(readFileSync(sb.outFile('victim.txt'), 'utf8')).toBe('precious\n');
    expect(errorTexts(json.messages).filter((t) => t.includes('a symlink is in its place'))).toHaveLength(1);
  });
});

/** Mounts a full 64 KiB tmpfs at `dir` (root only); returns the unmount, or null when it cannot. */
function fullDisk(dir: string): (() => void) | null {
  if (process.getuid?.() !== 0) return null;
  mkdirSync(dir, { recursive: true });
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]).status !== 0) return null;
  spawnSync('sh', ['-c', `cat /dev/zero > ${sq(join(dir, '.filler'))}`]); // fails with ENOSPC once it is full
  return () => void spawnSync('umount', [dir]);
}

describe('a full disk (root only: a real tmpfs is mounted)', () => {
  it('the sessions folder on a full disk: "the disk is full" once, the answer, exit 0', async () => {
    let unmount: (() => void) | null = null;
    try {
      const { run, json } = await scenario({
        setup: (sb) => {
          unmount = fullDisk(join(sb.home, '.wave', 'sessions'));
        },
        script: [{ text: 'the answer' }],
      });
      if (!unmount) return; // not root, or no mount here: nothing to try
      expect(run.code).toBe(0);
      expect(json.result).toBe('the answer');
      expect(errorTexts(json.messages).filter((t) => t.includes('cannot be written'))).toEqual([expect.stringContaining('(the disk is full)')]);
    } finally {
      (unmount as (() => void) | null)?.();
    }
  });
});

describe.concurrent('wave serve', () => {
  it('the transcript replaced by a folder: the turn ends with chat.busy false and the warning in the chat', async () => {
    const model = await startModelServer(Array.from({ length: 5 }, () => ({ text: 'served answer' })));
    try {
      const sb = makeSandbox('transcript');
      sb.write(sb.userSettings, JSON.stringify({ hooks: { UserPromptSubmit: [group([folderInPlace])] } }));
      const server = await startServe({ home: sb.home, workdir: sb.workdir, env: { WAVE_BASE_URL: model.openaiBaseURL, WAVE_API_KEY: 'x', WAVE_MODEL: 'test' } });
      const chat = await server.connect();
      await chat.call('hello', { view: 'chat' });
      const m = chat.mark();
      expect(await chat.call('chat.send', { text: 'hello' })).toEqual({ accepted: true });
      await chat.waitFor('chat.busy', (b) => !b.busy, { since: m });
      const state = await chat.call('chat.state', {});
      const blocks = state.messages.flatMap((msg) => msg.blocks);
      expect(blocks.some((b) => b.type === 'error' && String((b as { content?: string }).content).includes('cannot be written'))).toBe(true);
      expect(blocks.some((b) => b.type === 'text' && (b as { content?: string }).content === 'served answer')).toBe(true);
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await model.close();
    }
  });

  it('a symlink in the UI folder that leads outside is not served (404); the UI files are', async () => {
    const sb = makeSandbox('ui');
    const ui = join(sb.root, 'ui');
    mkdirSync(ui, { recursive: true });
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>ui</title>');
    writeFileSync(join(sb.root, 'secret.txt'), 'SECRET');
    symlinkSync(join(sb.root, 'secret.txt'), join(ui, 'leak.txt'));
    symlinkSync(join(ui, 'index.html'), join(ui, 'inside.html'));
    const server = await startServe({ home: sb.home, workdir: sb.workdir, args: ['--ui', ui] });
    const get = (path: string) => server.http(`${path}?token=${server.token}`, { host: `127.0.0.1:${server.port}` });
    const leak = await get('/leak.txt');
    expect(leak.status).toBe(404);
    expect(leak.body).not.toContain('SECRET');
    expect((await get('/inside.html')).body).toContain('<title>ui</title>');
    expect((await get('/index.html')).status).toBe(200);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
