// Writes on a nearly full disk, with an injected write that behaves as one does (docs/reliability.md,
// "A nearly full disk"): it takes fewer bytes than it was given, then fails with ENOSPC. The
// atomic replacement keeps the old file whole and leaves no temporary file; an append never
// leaves a partial line, and a line cut earlier is ended before the next one. The same cases run
// on a real tmpfs in test/e2e/hostile/fullDisk.test.ts when the tests may mount one.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/settings/atomicWrite.js';
import { appendLines, fsWrite, writeAll, type WriteFn } from '../../src/settings/fullWrite.js';
import { JsonlTranscript } from '../../src/agent/transcriptJsonl.js';
import { newMessage } from '../../src/agent/messages.js';

const dir = () => mkdtempSync(join(tmpdir(), 'wave-fullwrite-'));

/** A disk with `free` bytes left: each write takes what fits (at most `chunk`), then ENOSPC. */
function nearlyFull(free: number, chunk = 4096): WriteFn {
  let left = free;
  return (fd, buffer, offset, length) => {
    if (left <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = fsWrite(fd, buffer, offset, Math.min(length, left, chunk));
    left -= n;
    return n;
  };
}

describe('writeAll', () => {
  it('continues short writes until every byte is written', () => {
    const path = join(dir(), 'f');
    writeFileSync(path, '');
    const data = Buffer.alloc(50_000, 'x');
    let calls = 0;
    const short: WriteFn = (fd, b, o, l) => (calls++, fsWrite(fd, b, o, Math.min(l, 1000)));
    writeFileAtomic(path, data, { write: short });
    expect(calls).toBe(50);
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('a write that takes nothing is "the disk is full", with the bytes written so far', () => {
    const path = join(dir(), 'f');
    writeFileSync(path, '');
    let err: unknown;
    try {
      writeAll(0, Buffer.alloc(10), () => 0);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'ENOSPC', written: 0 });
  });
});

describe('writeFileAtomic on a nearly full disk', () => {
  it('keeps the old file whole, removes its temporary file and throws ENOSPC', () => {
    const d = dir();
    const path = join(d, 'settings.json');
    const old = JSON.stringify({ hooks: { PreToolUse: Array.from({ length: 400 }, (_, i) => ({ hooks: [{ type: 'command', command: `guard ${i}` }] })) } });
    writeFileSync(path, old);
    expect(() => writeFileAtomic(path, `${old} `, { write: nearlyFull(8192) })).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(readFileSync(path, 'utf8')).toBe(old);
    expect(readdirSync(d)).toEqual(['settings.json']);
  });

  it('a private mode is set whatever the umask and whatever the file had', () => {
    const d = dir();
    const path = join(d, 'session.json');
    writeFileSync(path, 'old', { mode: 0o644 });
    const umask = process.umask(0);
    try {
      writeFileAtomic(path, 'new', { mode: 0o600, fsync: false });
      writeFileAtomic(join(d, 'fresh.json'), 'new', { mode: 0o600, fsync: false });
    } finally {
      process.umask(umask);
    }
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(d, 'fresh.json')).mode & 0o777).toBe(0o600);
  });
});

describe('appendLines', () => {
  it('a failed append takes its own bytes back: no partial line', () => {
    const path = join(dir(), 'runs.jsonl');
    writeFileSync(path, '{"n":1}\n');
    const big = `${JSON.stringify({ n: 2, out: 'y'.repeat(20_000) })}\n`;
    expect(() => appendLines(path, big, { write: nearlyFull(5000) })).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n');
  });

  it('a line cut earlier (a crash, another writer) is ended before the next one', () => {
    const path = join(dir(), 'runs.jsonl');
    writeFileSync(path, '{"n":1}\n{"n":2,"cut');
    appendLines(path, '{"n":3}\n');
    expect(readFileSync(path, 'utf8').split('\n')).toEqual(['{"n":1}', '{"n":2,"cut', '{"n":3}', '']);
  });

  it('tightens an existing file to the mode asked', () => {
    const path = join(dir(), 'runs.jsonl');
    writeFileSync(path, '', { mode: 0o644 });
    appendLines(path, 'x\n', { mode: 0o600 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('the JSON Lines transcript on a nearly full disk', () => {
  it('an entry that does not fit is not written at all; the next append after space came back is whole', () => {
    const path = join(dir(), 'p', 'session.jsonl');
    let free = Infinity;
    const disk: WriteFn = (fd, b, o, l) => {
      if (free <= 0) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
      const n = fsWrite(fd, b, o, Math.min(l, free));
      free -= n;
      return n;
    };
    const t = new JsonlTranscript(path, { id: 's1', cwd: () => '/w' }, disk);
    const messages = [newMessage('user', [{ type: 'text', content: 'hello' }])];
    t.update(messages);
    free = 3000;
    messages.push(newMessage('user', [{ type: 'text', content: 'z'.repeat(10_000) }]));
    expect(() => t.update(messages)).toThrow();
    free = Infinity;
    messages.push(newMessage('user', [{ type: 'text', content: 'after' }]));
    t.update(messages);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((l) => (JSON.parse(l) as { message: { content: string } }).message.content.slice(0, 5))).toEqual(['hello', 'zzzzz', 'after']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
