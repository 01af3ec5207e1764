// Replacing a file atomically: the new bytes go to a temporary file in the same folder, which is
// then renamed over the file, so a reader sees the old or the new content, never half of it
// (docs/reliability.md). Temporary files are named after the file and the writing process, so one
// left behind by a process that was killed (kill -9) is recognised and removed by the next writer.
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { writeAll, type WriteFn } from './fullWrite.js';

/** The process's umask, read once (what it takes off the mode a new file is created with). */
const UMASK = process.platform === 'win32' ? 0 : process.umask();

/** A temporary file this old is stale whoever wrote it (a write takes milliseconds). */
const STALE_AFTER_MS = 10 * 60 * 1000;

export interface AtomicWriteOptions {
  /**
   * Replace the target of a symlink (the link stays a link: a settings file kept in dotfiles).
   * Default false: the path itself is replaced, so a symlink put in its place is replaced too,
   * never written through.
   */
  followSymlink?: boolean;
  /** Flush the new bytes to disk before the rename (default true). */
  fsync?: boolean;
  /**
   * Called right before the rename, when the temporary file is complete: throwing aborts the write
   * (the temporary file is removed and the error is rethrown). The last check of a conditional write.
   */
  beforeRename?: () => void;
  /**
   * The file's mode, whatever the umask and whatever the file had (a private file: 0600). Default:
   * the mode of the file there now, or 0666 less the umask for a new one.
   */
  mode?: number;
  /** The write system call (a test injects one that takes fewer bytes, as a nearly full disk does). */
  write?: WriteFn;
  /** The rename system call (a test injects one before which another program saves). */
  rename?: (from: string, to: string) => void;
}

/** The names of `name`'s temporary files; group 1 is the writer's pid. */
export const tempPattern = (name: string) => new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.wave-(\\d+)-[0-9a-f]+\\.tmp$`);

/** The temporary file for `target`, in its folder: `.<name>.wave-<pid>-<random>.tmp`. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.wave-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary files of `target` left by writers that are gone (or very old); returns them. */
export function removeStaleTemps(target: string, now = Date.now()): string[] {
  const dir = dirname(target);
  const pattern = tempPattern(basename(target));
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m) continue;
    const path = join(dir, name);
    try {
      const pid = Number(m[1]);
      if (pid === process.pid || (alive(pid) && now - lstatSync(path).mtimeMs < STALE_AFTER_MS)) continue;
      unlinkSync(path);
      removed.push(path);
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

/** The mode and owner a replacement keeps: those of the regular file there now, if any. */
function keptAttributes(target: string): { mode: number; uid: number; gid: number } | null {
  try {
    const st = lstatSync(target);
    return st.isFile() ? { mode: st.mode & 0o7777, uid: st.uid, gid: st.gid } : null;
  } catch {
    return null;
  }
}

/**
 * Writes `data` (text, bytes, or bytes in parts) to `path` atomically; throws (and leaves no temporary file) when it cannot. Every
 * byte is written (short writes are continued) and the temporary file's size is checked before the
 * rename: on a nearly full disk the old file stays whole and the error is thrown.
 */
export function writeFileAtomic(path: string, data: string | Buffer | readonly Buffer[], opts: AtomicWriteOptions = {}): void {
  let target = path;
  if (opts.followSymlink) {
    try {
      target = realpathSync(path);
    } catch {
      // does not exist yet: written where it was asked
    }
  }
  const kept = keptAttributes(target);
  const mode = opts.mode ?? kept?.mode;
  // Parts are written one after another (a long transcript's settled part is written as it is kept).
  const parts = typeof data === 'string' ? [Buffer.from(data)] : Buffer.isBuffer(data) ? [data] : data;
  const length = parts.reduce((n, p) => n + p.length, 0);
  const temp = tempPathFor(target);
  const fd = openSync(temp, 'wx', mode ?? 0o666);
  let done = false;
  try {
    try {
      for (const part of parts) writeAll(fd, part, opts.write);
      if (fstatSync(fd).size !== length) throw new Error(`${temp} holds ${fstatSync(fd).size} of ${length} bytes`);
      // The umask may have taken bits off the mode at creation: only then is a chmod needed.
      if (mode !== undefined && (mode & ~UMASK) !== mode) fchmodSync(fd, mode);
      if (opts.fsync !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (kept && typeof process.getuid === 'function' && process.getuid() === 0) {
      const st = statSync(temp);
      if (st.uid !== kept.uid || st.gid !== kept.gid) chownSync(temp, kept.uid, kept.gid);
    }
    opts.beforeRename?.();
    (opts.rename ?? renameSync)(temp, target);
    done = true;
  } finally {
    if (!done) {
      try {
        unlinkSync(temp);
      } catch {
        // already gone
      }
    }
  }
}
