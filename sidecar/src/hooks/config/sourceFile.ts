// One settings file read on its own (sources.ts reads them all, pluginSources.ts a plugin's): its
// record (SourceFile, FileSettings), its content stamp, and the reading steps — the text, its
// problems with their positions, the hooks and the fail-open checks.
import { statSync, type Stats } from 'node:fs';
import { readHooksConfig, type HookOrigin } from './config.js';
import { checkGuards, type GuardContext } from './guards.js';
import type { ConfigProblem, ConfiguredHook, HookSource } from '../contract/types.js';
import { textHash } from '../../settings/approved.js';
import { formatJsonPath, parseJsonText, readJsonFile, readSettingsText, type JsonFile } from '../../settings/jsonFile.js';
import type { SettingsKeys } from '../../settings/schema.js';
import { countHandlers, total } from './unreadable.js';
import { messageOf } from '../../util/errors.js';

export interface SourceFile {
  source: HookSource;
  path: string;
  exists: boolean;
  parseError: { line: number; column: number; message: string } | null;
  plugin?: { name: string; root: string; description?: string };
  /** Handlers this file has that cannot run: the whole file when it is not valid JSON, else the rejected entries. */
  unreadHooks: number;
  /** The same, per event name. */
  unreadByEvent: Record<string, number>;
  /** It exists but none of its hooks could be read (unreadable, not valid JSON, not an object): what it holds is unknown, not nothing. */
  unread?: true;
}

/** What one settings file contributes on its own. */
export interface FileSettings {
  file: SourceFile;
  /** Changes whenever the file's content changes (a hash; docs/hooks.md, "Changes during a session"); `-` when it does not exist. */
  stamp: string;
  /** The text it was read from (settings files; null when missing or unreadable). */
  text?: string | null;
  hooks: ConfiguredHook[];
  problems: ConfigProblem[];
  /** Its valid keys besides `hooks` (settings/keys.ts). */
  keys: SettingsKeys;
}

/**
 * What a path holds, by content: a hash of a regular file's bytes (an in-place edit that keeps the
 * size and restores the mtime is still a change), `mtime:size:inode` of anything else (the plugins
 * folder), `-` when it is missing or unreachable.
 */
export function stampOf(path: string): string {
  let s: Stats | undefined;
  try {
    // `throwIfNoEntry: false`: a missing file (the usual case) is no ENOENT built and thrown.
    s = statSync(path, { throwIfNoEntry: false });
  } catch {
    s = undefined; // not a directory on the way, no permission: treated as missing
  }
  if (!s) return '-';
  if (!s.isFile()) return `${s.mtimeMs}:${s.size}:${s.ino}`;
  try {
    const text = readSettingsText(path);
    return text === null ? '-' : `#${textHash(text)}`;
  } catch (err) {
    return `!${messageOf(err)}:${s.mtimeMs}:${s.size}:${s.ino}`;
  }
}

export function emptyFile(source: HookSource, path: string, stamp: string): FileSettings {
  return {
    file: { source, path, exists: false, parseError: null, unreadHooks: 0, unreadByEvent: {} },
    stamp,
    hooks: [],
    problems: [],
    keys: {},
  };
}

/** A problem of the whole file: at the given place, its top-level value, or its start (every problem has a position). */
export function fileProblem(path: string, message: string, at?: { line: number; column?: number } | JsonFile): ConfigProblem {
  const pos = at && 'line' in at ? { line: at.line, column: at.column ?? 1 } : (at?.locate([]) ?? { line: 1, column: 1 });
  return { severity: 'error', file: path, path: '', ...pos, message };
}

/** A repeated key is an error at its later occurrence: JSON keeps only the last one (docs/hooks.md, Validation). */
function duplicateProblems(file: JsonFile): ConfigProblem[] {
  return file.duplicates.map((d) => ({
    severity: 'error',
    file: file.path,
    path: formatJsonPath(d.path),
    line: d.line,
    column: d.column,
    message: `duplicate key "${d.path[d.path.length - 1]}" (also at line ${d.previous.line}): only the last one is used, the earlier one is silently ignored; merge them into one`,
  }));
}

/** Reads the file; a read error (not a missing file) is a problem of its own. */
export function readSafely(out: FileSettings, text?: string | null): JsonFile | null {
  try {
    const file = text === undefined ? readJsonFile(out.file.path) : text === null ? missingFile(out.file.path) : parseJsonText(out.file.path, text);
    out.text = file.exists ? file.text : null;
    out.file.exists = file.exists;
    out.file.parseError = file.parseError;
    out.problems.push(...duplicateProblems(file));
    return file;
  } catch (err) {
    out.file.exists = true;
    out.file.unread = true;
    out.problems.push(fileProblem(out.file.path, `cannot read the file: ${messageOf(err)}`));
    return null;
  }
}

/** A file that is not valid JSON contributes nothing, and says how many hooks that leaves unread. */
export function unreadable(out: FileSettings, file: JsonFile): void {
  const { line, column, message } = file.parseError!;
  out.file.unread = true;
  out.file.unreadByEvent = countHandlers(file.text);
  out.file.unreadHooks = total(out.file.unreadByEvent);
  const lost = out.file.unreadHooks ? `; its ${out.file.unreadHooks} ${out.file.unreadHooks === 1 ? 'hook does' : 'hooks do'} not run` : '';
  out.problems.push(fileProblem(file.path, `not valid JSON: ${message} at line ${line}, column ${column}${lost}`, { line, column }));
}

/** The hooks of a parsed file, with their problems and the fail-open checks (guards.ts). */
export function readHooks(out: FileSettings, raw: unknown, origin: HookOrigin, checks: GuardContext, adjust?: (h: ConfiguredHook) => void): void {
  const read = readHooksConfig(raw, origin);
  if (adjust) read.hooks.forEach(adjust);
  out.hooks = read.hooks;
  out.file.unreadByEvent = read.rejected;
  out.file.unreadHooks = total(read.rejected);
  out.problems.push(...read.problems, ...checkGuards(read.hooks, checks));
}

const missingFile = (path: string): JsonFile => ({
  path,
  exists: false,
  text: '',
  value: undefined,
  parseError: null,
  duplicates: [],
  locate: () => undefined,
});
