// A nearly full disk (docs/reliability.md, "A nearly full disk"): a real tmpfs of 64 or 256 KiB is mounted
// on ~/.wave (the tests run as root; without root or mount the same cases run on an injected short
// write in sidecar/test/settings/fullWrite.unit.test.ts) and filled until a few KiB are left, so a
// write system call really takes fewer bytes than it was given. Settings saved from the settings
// page and the session's transcripts must then stay whole: the old file kept, no temporary file
// left, the failure said once; and a JSON Lines file never holds a partial line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes as cleanupServerSandboxes, makeSandbox, startServe, stopAllServers } from '../../server/harness.js';
import { cleanupSandboxes, ensureBuilt, errorTexts, group, Sandbox, server, type WaveJson } from '../harness.js';

beforeAll(() => ensureBuilt());
afterAll(async () => {
  await stopAllServers();
  cleanupServerSandboxes();
  cleanupSandboxes();
});

/** Mounts a small tmpfs at `dir` (root only); returns its unmount, or null when it cannot. */
function smallDisk(dir: string, size = '256k'): (() => void) | null {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return null;
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status !== 0) return null;
  return () => void spawnSync('umount', ['-l', dir]);
}

/** Fills the disk of `dir` until `left` bytes are free (a file `.filler`); returns its removal. */
function fillUntil(dir: string, left: number): () => void {
  const st = statfsSync(dir);
  const free = st.bavail * st.bsize;
  const filler = join(dir, '.filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, free - left)));
  return () => rmSync(filler, { force: true });
}

/** A settings file of about 40 KB: a guard and 300 more hooks. */
function bigSettings(): string {
  const hooks = Array.from({ length: 300 }, (_, i) => group([`echo hook number ${i} of the many hooks kept in this file`], `Tool${i}`));
  return `${JSON.stringify({ model: 'before', hooks: { PreToolUse: [group(['/usr/local/bin/guard'], 'Bash'), ...hooks] } }, null, 2)}\n`;
}

describe('a nearly full disk under ~/.wave (a real small tmpfs; root only)', () => {
  it('model.save and hooks.delete are refused with "the disk is full"; settings.json stays whole, the list stays', async () => {
    const sb = makeSandbox('fulldisk');
    const unmount = smallDisk(join(sb.home, '.wave'));
    if (!unmount) return; // not root, or no mount here: fullWrite.unit.test.ts covers it
    try {
      const text = bigSettings();
      sb.write(sb.userSettings, text);
      const wave = await startServe({ home: sb.home, workdir: sb.workdir });
      const client = await wave.connect();
      const listing = await client.call('hooks.list', {});
      const version = listing.files.find((f) => f.path === sb.userSettings)!.version;
      const emptyDisk = fillUntil(join(sb.home, '.wave'), 8192);
      const saved = await client.refused('model.save', { provider: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'after', apiKey: 'k' });
      expect(saved.message).toMatch(/disk is full|ENOSPC/);
      const deleted = await client.refused('hooks.delete', { id: listing.hooks[0]!.id, version });
      expect(deleted.message).toMatch(/disk is full|ENOSPC/);
      expect(readFileSync(sb.userSettings, 'utf8')).toBe(text);
      expect(readdirSync(join(sb.home, '.wave')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      expect((await client.call('hooks.list', {})).hooks).toHaveLength(listing.hooks.length);
      emptyDisk();
      await client.call('hooks.delete', { id: listing.hooks[0]!.id, version });
      expect((await client.call('hooks.list', {})).hooks).toHaveLength(listing.hooks.length - 1);
      expect(await wave.stop()).toEqual({ code: 0, signal: null });
    } finally {
      unmount();
    }
  });

  it('wave -p: the transcript that does not fit is one warning; the last good one stays and resumes; JSON Lines stay whole', async () => {
    const sb = new Sandbox();
    const wave = join(sb.home, '.wave');
    const unmount = smallDisk(wave, '64k');
    if (!unmount) return;
    const model = await server(Array.from({ length: 6 }, (_, i) => ({ text: `answer ${i}` })));
    try {
      const first = await sb.run('a short first prompt', { server: model });
      const j1 = first.json as WaveJson;
      const messagesOf = () => (JSON.parse(readFileSync(j1.transcript_path, 'utf8')) as { state: { messages: unknown[] } }).state.messages;
      const saved = messagesOf();
      const jsonl = join(wave, 'projects', sb.workdir.replace(/[/\\:]/g, '-'), `${j1.session_id}.jsonl`);
      const emptyDisk = fillUntil(wave, 6144);
      const long = await sb.run(`a long prompt ${'that does not fit '.repeat(1500)}`, { server: model, args: ['--resume', j1.session_id] });
      emptyDisk();
      expect(long.code).toBe(0);
      expect(long.json!.result).toBe('answer 1');
      const warnings = errorTexts(long.json!.messages).filter((t) => t.includes('cannot be written'));
      expect(warnings).toEqual([
        expect.stringContaining(`${j1.transcript_path} cannot be written (the disk is full)`),
        expect.stringContaining(`${jsonl} cannot be written`),
      ]);
      expect(messagesOf()).toEqual(saved); // the last good transcript, whole
      expect(readdirSync(join(wave, 'sessions')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      const third = await sb.run('after the disk was freed', { server: model, args: ['--resume', j1.session_id] });
      expect(third.code).toBe(0);
      const lines = readFileSync(jsonl, 'utf8').split('\n').filter(Boolean);
      for (const l of lines) expect(() => JSON.parse(l), l.slice(0, 200)).not.toThrow();
      expect(lines.some((l) => l.includes('after the disk was freed'))).toBe(true);
    } finally {
      await model.close();
      unmount();
    }
  });
});
