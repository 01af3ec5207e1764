// Replacing a settings file only if nobody changed it since it was read (docs/reliability.md,
// "Delete and a concurrent save"). The check is made as late as possible: the new content is
// written and flushed to a temporary file first; then the file is opened, its bytes hashed and its
// inode compared with the path's, and the rename follows at once. A save that lands after that —
// an editor writing into the old file, which the rename has just replaced — is found by reading the
// old file again through the descriptor kept open: then the editor's bytes are put back and the
// outcome is a conflict, never a silent success. What remains is the few microseconds between the
// inode check and the rename, for an editor that saves by renaming its own temporary file.
import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { tempPattern, writeFileAtomic, type AtomicWriteOptions } from './atomicWrite.js';

export type ReplaceOutcome =
  | { written: true }
  /** The file was not what was expected before the rename: nothing was written. */
  | { written: false; why: 'changed' }
  /** A save slipped in during the rename; `restored`: its bytes are back in the file. */
  | { written: false; why: 'slipped'; restored: boolean }
  /** Another program renamed its file (`by`) over this one during the rename: that save was replaced. */
  | { written: false; why: 'replaced'; by: string };

/** The whole content of an open file, read from the start. */
function readAll(fd: number): Buffer {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const n = readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) return Buffer.concat(chunks, position);
    chunks.push(chunk.subarray(0, n));
    position += n;
  }
}

/**
 * The bytes a concurrent save left in the replaced file: read until two reads agree and are not
 * empty (an editor that truncates before it writes is caught between the two), at most `tries` times.
 */
function settled(fd: number, tries = 200): Buffer | null {
  let last = readAll(fd);
  for (let i = 0; i < tries; i++) {
    const next = readAll(fd);
    if (next.length > 0 && next.equals(last)) return next;
    last = next;
  }
  return last.length > 0 ? last : null;
}

/** Whether the file at `path` holds exactly `data` now. */
function holds(path: string, data: Buffer): boolean {
  const fd = openSync(path, 'r');
  try {
    return readAll(fd).equals(data);
  } finally {
    closeSync(fd);
  }
}

/** Puts `saved` back in place of `ours`; true when the file holds a save of the other program after it. */
function restore(target: string, saved: Buffer, ours: Buffer): boolean {
  let savedAgain = false;
  try {
    writeFileAtomic(target, saved, {
      beforeRename: () => {
        savedAgain = !holds(target, ours);
        if (savedAgain) throw new Error('saved again');
      },
    });
    return true;
  } catch {
    return savedAgain; // a newer save is there: it stays
  }
}

/**
 * A file of the folder, there right before the rename and gone right after it, while the path holds
 * what was written: another program renamed it over the path just before the rename (an editor's
 * save by rename), and the rename replaced that save. Returns its name (null: none).
 */
function renamedOver(target: string, before: readonly string[]): string | null {
  const temps = tempPattern(basename(target));
  const ours = (n: string) => temps.exec(n)?.[1] === String(process.pid);
  const now = new Set(readdirSync(dirname(target)));
  const gone = before.find((n) => !now.has(n) && n !== basename(target) && !ours(n));
  return gone ? join(dirname(target), gone) : null;
}

/** Replaces `path` (the target of a symlink) with `data` when its bytes still have the hash `expected`. */
export function replaceIfUnchanged(
  path: string,
  data: string | Buffer,
  expected: string,
  hash: (bytes: Buffer) => string,
  write: Pick<AtomicWriteOptions, 'mode' | 'write' | 'rename'> = {},
): ReplaceOutcome {
  const target = realpathSync(path);
  const old: { fd: number | null; changed: boolean; names: string[] } = { fd: null, changed: false, names: [] };
  try {
    writeFileAtomic(target, data, {
      ...write,
      beforeRename: () => {
        const fd = (old.fd = openSync(target, 'r'));
        old.changed = hash(readAll(fd)) !== expected;
        old.names = readdirSync(dirname(target));
        old.changed ||= statSync(target).ino !== fstatSync(fd).ino;
        if (old.changed) throw new Error('changed');
      },
    });
  } catch (err) {
    if (old.fd !== null) closeSync(old.fd);
    if (old.changed) return { written: false, why: 'changed' };
    throw err;
  }
  const fd = old.fd as number;
  try {
    const by = renamedOver(target, old.names);
    if (by && holds(target, typeof data === 'string' ? Buffer.from(data) : data)) return { written: false, why: 'replaced', by };
    if (hash(readAll(fd)) === expected) return { written: true };
    // A save went into the file the rename replaced: put its bytes back, unless the file was saved
    // again since (then that newer save is what it holds).
    const saved = settled(fd);
    return { written: false, why: 'slipped', restored: saved !== null && restore(target, saved, Buffer.from(data)) };
  } finally {
    closeSync(fd);
  }
}
