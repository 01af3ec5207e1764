// What the trust dialog shows of a project hook's script (docs/hooks.md, "Project hooks need a
// trusted workspace"): the script a command runs (guards.ts#scriptOf: its first word, or the file
// given to an interpreter), when it is inside the project — its first lines, capped in lines and
// bytes, so the user sees what trusting the workspace lets run, not only its name.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { scriptOf, type GuardContext } from './guards.js';

export const PREVIEW_LINES = 10;
export const PREVIEW_BYTES = 2048;

export interface ScriptPreview {
  /** Absolute path of the script. */
  path: string;
  /** Its first lines (none when it is missing or not text). */
  lines: string[];
  /** More follows than is shown. */
  truncated: boolean;
  state: 'text' | 'missing' | 'binary';
}

function head(path: string, bytes: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

const inside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** The preview of the project script a command runs, or null when it runs none (a program on PATH, inline code, a file elsewhere). */
export function scriptPreview(command: string, ctx: GuardContext): ScriptPreview | null {
  const script = scriptOf(command, ctx);
  if (!script || !inside(ctx.workdir, script.path)) return null;
  const stat = statSync(script.path, { throwIfNoEntry: false });
  if (!stat?.isFile()) return { path: script.path, lines: [], truncated: false, state: 'missing' };
  const buf = head(script.path, PREVIEW_BYTES + 1);
  if (buf.includes(0)) return { path: script.path, lines: [], truncated: false, state: 'binary' };
  const cut = buf.length > PREVIEW_BYTES;
  // A cut in the middle of a character drops that character (the replacement mark is not shown).
  const text = buf
    .subarray(0, PREVIEW_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  const all = text.split('\n');
  if (!cut && all[all.length - 1] === '') all.pop();
  const lines = all.slice(0, PREVIEW_LINES).map((l) => l.replace(/\r$/, ''));
  return { path: script.path, lines, truncated: cut || all.length > PREVIEW_LINES, state: 'text' };
}
