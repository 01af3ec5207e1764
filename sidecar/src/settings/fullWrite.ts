// Writes that never stop half-way in silence (docs/reliability.md, "A nearly full disk"): a write
// system call may take fewer bytes than it was given (a disk with a few KiB free takes what fits
// and answers ENOSPC only on the next call). `writeAll` loops until every byte is written and
// throws otherwise; `appendLines` appends whole lines: a line cut by an earlier failure is ended
// before the next one, and a failed append takes its own bytes back.
import { closeSync, constants, fchmodSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

/** One write system call (injectable: a test gives one that takes fewer bytes, as a full disk does). */
export type WriteFn = (fd: number, buffer: Buffer, offset: number, length: number) => number;

export const fsWrite: WriteFn = (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length);

/** An error of a write that stopped: how many bytes of it reached the file. */
export type PartialWriteError = NodeJS.ErrnoException & { written: number };

function noSpace(written: number, total: number): PartialWriteError {
  const err = new Error(`the disk is full: ${written} of ${total} bytes written`) as PartialWriteError;
  err.code = 'ENOSPC';
  err.written = written;
  return err;
}

/** Writes every byte of `data` at the descriptor's position, looping over short writes; throws when one takes nothing. */
export function writeAll(fd: number, data: Buffer, write: WriteFn = fsWrite): void {
  let offset = 0;
  while (offset < data.length) {
    let n: number;
    try {
      n = write(fd, data, offset, data.length - offset);
    } catch (err) {
      (err as PartialWriteError).written = offset;
      throw err;
    }
    if (n <= 0) throw noSpace(offset, data.length);
    offset += n;
  }
}

export interface AppendOptions {
  /** The file's mode: given to a new file, and set on an existing one with other bits (tightened). */
  mode?: number;
  /** Refuse to append through a symlink (ELOOP). */
  noFollow?: boolean;
  write?: WriteFn;
}

/** Whether the file's last byte is a newline (an empty file counts as ended). */
function endsLine(fd: number, size: number): boolean {
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] === 0x0a;
}

/** Sets `mode` on the open file when its permission bits differ (only its owner can). */
export function tightenFd(fd: number, mode: number, st = fstatSync(fd)): void {
  if ((st.mode & 0o777) !== mode && (typeof process.getuid !== 'function' || process.getuid() === 0 || st.uid === process.getuid())) fchmodSync(fd, mode);
}

/**
 * Appends `text` (whole lines, each ending in a newline) to `path`. A last line left without its
 * newline (an append cut by a full disk, a crash) is ended first, so the next line is never glued
 * onto it. When the append fails, the bytes it wrote are cut off again (unless another writer
 * appended meanwhile) and the error is thrown.
 */
export function appendLines(path: string, text: string, opts: AppendOptions = {}): void {
  const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (opts.noFollow ? constants.O_NOFOLLOW : 0);
  const fd = openSync(path, flags, opts.mode ?? 0o666);
  try {
    const st = fstatSync(fd);
    if (opts.mode !== undefined) tightenFd(fd, opts.mode, st);
    const before = st.size;
    const body = Buffer.from(text);
    const data = endsLine(fd, before) ? body : Buffer.concat([Buffer.from('\n'), body]);
    try {
      writeAll(fd, data, opts.write);
    } catch (err) {
      const written = (err as PartialWriteError).written ?? 0;
      if (written > 0 && fstatSync(fd).size === before + written) ftruncateSync(fd, before);
      throw err;
    }
  } finally {
    closeSync(fd);
  }
}
