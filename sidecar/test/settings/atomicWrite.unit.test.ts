// The atomic replacement the transcript uses before every hook (settings/atomicWrite.ts, no fsync):
// the new bytes replace the file whole, its mode is kept (also bits the umask would take off), a
// symlink in its place is replaced rather than written through, and no temporary file is left behind.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/settings/atomicWrite.js';

const write = (path: string, data: string) => writeFileAtomic(path, data, { fsync: false });

const dir = () => mkdtempSync(join(tmpdir(), 'wave-atomic-'));

describe('writeFileAtomic without fsync', () => {
  it.each([0o600, 0o666, 0o640])('keeps the mode %o of the file it replaces', (mode) => {
    const d = dir();
    const path = join(d, 'session.json');
    writeFileSync(path, 'old');
    chmodSync(path, mode);
    write(path, 'new content');
    expect(readFileSync(path, 'utf8')).toBe('new content');
    expect(statSync(path).mode & 0o777).toBe(mode);
    expect(readdirSync(d)).toEqual(['session.json']);
  });

  it('replaces a symlink put in place of the file, never the file it points to', () => {
    const d = dir();
    const target = join(d, 'elsewhere.txt');
    writeFileSync(target, 'keep me');
    const path = join(d, 'session.json');
    symlinkSync(target, path);
    write(path, 'transcript');
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('transcript');
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('a folder in its place: the write fails and leaves no temporary file', async () => {
    const d = dir();
    const path = join(d, 'session.json');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(path);
    expect(() => write(path, 'x')).toThrow();
    expect(readdirSync(d)).toEqual(['session.json']);
  });
});
