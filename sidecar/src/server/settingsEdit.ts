// Writing a settings file from the UI (the hooks delete and its undo, the Model section, "Always
// allow"; docs/architecture.md, "The sidecar and the IDE"): the file is read, refused when it is not
// valid JSON, repeats a key or is read-only, edited without touching any other byte
// (settings/jsonEdit.ts), and replaced atomically only if nobody changed it since it was read (a
// missing file is created, with its folder).
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { removeStaleTemps, writeFileAtomic } from '../settings/atomicWrite.js';
import { replaceIfUnchanged, type ReplaceOutcome } from '../settings/conditionalWrite.js';
import { formatJsonPath, parseJsonText } from '../settings/jsonFile.js';
import { PRIVATE_FILE } from '../settings/privateFiles.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import { errnoOf, messageOf } from '../util/errors.js';
import type { Refusal, Undone } from '../protocol/refusal.js';

export class SettingsRefusal extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'refused',
    message: string,
    /** Why, in data, for the UI to word in its language (protocol/refusal.ts). */
    readonly why?: Refusal,
  ) {
    super(message);
  }
}

/** The English end of a refusal's sentence, for what it left undone. */
export const UNDONE: Record<Undone, string> = {
  deleted: 'nothing was deleted',
  changed: 'nothing was changed',
  restored: 'nothing was restored',
  written: 'nothing was written',
  created: 'it was not created',
  ruleWritten: 'no rule was written',
  modelSaved: 'the model settings were not saved',
  imported: 'nothing was imported',
  reverted: 'nothing was reverted',
};

/** The refusals more than one place gives: each sentence beside its data, made once. */
export const refuse = {
  hookGone: () => new SettingsRefusal('not_found', 'that hook is no longer in its settings file; the list was refreshed', { kind: 'hookGone', undone: null }),
  undoExpired: (of: 'delete' | 'revert') => new SettingsRefusal('not_found', `that ${of} can no longer be undone`, { kind: 'undoExpired', of, undone: null }),
  untrusted: () =>
    new SettingsRefusal('refused', 'this workspace is not trusted, so its project hooks do not run, not even as a test: trust it first', {
      kind: 'untrusted',
      undone: null,
    }),
  pluginReadOnly: (file: string, undone: Undone) =>
    new SettingsRefusal('refused', `plugin hooks are read-only (${file})`, { kind: 'pluginReadOnly', file, undone }),
  invalidJson: (file: string, e: { line: number; column: number; message: string }, undone: Undone) =>
    new SettingsRefusal('refused', `${file} is not valid JSON (line ${e.line}, column ${e.column}: ${e.message}); ${UNDONE[undone]}`, {
      kind: 'invalidJson',
      file,
      line: e.line,
      column: e.column,
      detail: e.message,
      undone,
    }),
  cannotWrite: (doing: 'write' | 'create' | 'edit', file: string, err: unknown, undone: Undone) =>
    new SettingsRefusal('refused', `cannot ${doing} ${file}: ${messageOf(err)}; ${UNDONE[undone]}`, {
      kind: 'cannotWrite',
      file,
      cause: errnoOf(err),
      detail: messageOf(err),
      undone,
    }),
};

export const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/**
 * A settings file that holds an API key (`apiKey`, which the Model section writes) is private: 0600
 * whatever it had (README, "Settings keys"); any other keeps its mode.
 */
function keyMode(text: string | Buffer): { mode?: number } {
  const value = parseJsonText('', text.toString()).value as Record<string, unknown> | null;
  return value && typeof value === 'object' && 'apiKey' in value ? { mode: PRIVATE_FILE } : {};
}

/** The version of a file's bytes (`missing` when it cannot be read). */
export function versionOf(path: string): string {
  try {
    return hashOf(readFileSync(path));
  } catch {
    return 'missing';
  }
}

export function realPathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Refuses a text that a by-the-byte edit cannot be trusted with: not JSON, or a key given twice. */
export function assertEditable(file: string, text: string, undone: Undone): void {
  const nothing = UNDONE[undone];
  const parsed = parseJsonText(file, text);
  if (parsed.parseError) throw refuse.invalidJson(file, parsed.parseError, undone);
  const dup = parsed.duplicates[0];
  if (dup) {
    // With a repeated key the value shown and the bytes an edit would change may differ (docs/hooks.md, Validation).
    const key = String(dup.path[dup.path.length - 1]);
    const path = formatJsonPath(dup.path);
    throw new SettingsRefusal(
      'refused',
      `${file} has the key "${key}" twice (${path}, lines ${dup.previous.line} and ${dup.line}): merge them in an editor first; ${nothing}`,
      { kind: 'duplicateKey', file, key, path, lines: [dup.previous.line, dup.line], undone },
    );
  }
}

export function assertWritable(file: string, undone: Undone): void {
  try {
    accessSync(file, constants.W_OK);
  } catch {
    throw new SettingsRefusal('refused', `${file} is read-only; ${UNDONE[undone]}`, { kind: 'readOnly', file, undone });
  }
}

/**
 * Writes the file when it still has the listed version, checked right before the rename; a save
 * that slips in during the rename is put back and reported (docs/reliability.md).
 */
export function writeUnlessChanged(file: string, next: string | Buffer, version: string, undone: Undone, doing = 'writing'): void {
  const nothing = UNDONE[undone];
  let outcome: ReplaceOutcome;
  try {
    removeStaleTemps(realPathOr(file));
    outcome = replaceIfUnchanged(file, next, version, hashOf, keyMode(next));
  } catch (err) {
    throw refuse.cannotWrite('write', file, err, undone);
  }
  if (outcome.written) return;
  if (outcome.why === 'changed') throw new SettingsRefusal('conflict', `${file} changed while ${doing}; ${nothing}`, { kind: 'changedWhile', file, undone });
  if (outcome.why === 'replaced') {
    throw new SettingsRefusal(
      'conflict',
      `another program saved ${file} at the same moment (by renaming ${outcome.by} over it) and Wave's write replaced that save: check the file and save again`,
      { kind: 'replacedSave', file, undone: null },
    );
  }
  throw new SettingsRefusal(
    'conflict',
    outcome.restored
      ? `${file} was saved by another program while ${doing}; that save was kept and ${nothing}`
      : `${file} was saved by another program while ${doing}, and that save could not be read back: check the file`,
    { kind: 'savedMeanwhile', file, kept: outcome.restored, undone: outcome.restored ? undone : null },
  );
}

/**
 * Edits one settings file: `edit` gets its text ('' when it does not exist) and returns the new
 * text. Returns the bytes it had before (null: it did not exist) and its new version.
 */
export function editSettingsFile(file: string, edit: (text: string) => string, undone: Undone = 'written'): { before: Buffer | null; version: string } {
  const nothing = UNDONE[undone];
  if (!existsSync(file)) {
    const next = edit('');
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomic(file, next, keyMode(next));
    } catch (err) {
      throw refuse.cannotWrite('create', file, err, undone);
    }
    return { before: null, version: versionOf(file) };
  }
  let before: Buffer;
  try {
    before = readFileSync(file);
  } catch (err) {
    throw new SettingsRefusal('refused', `cannot read ${file}: ${messageOf(err)}; ${nothing}`, { kind: 'unreadable', file, cause: errnoOf(err), undone });
  }
  const text = before.toString('utf8');
  assertEditable(file, text, undone);
  assertWritable(file, undone);
  let next: string;
  try {
    next = edit(text);
  } catch (err) {
    throw refuse.cannotWrite('edit', file, err, undone);
  }
  writeUnlessChanged(file, next, hashOf(before), undone);
  return { before, version: versionOf(file) };
}

/**
 * An edit the user made on Wave's own pages (the Model section, "Always allow", a file made for a
 * new hook): like a delete there, the session takes the file in at once, without review. When the
 * file also has a change nobody reviewed (the agent's, say), only the user's edit is taken: the
 * session's approved content gets the same edit, the rest stays in review (docs/hooks.md, "Safety").
 */
export function editOwnSettings(file: string, edit: (text: string) => string, session: SessionConfig | null, undone?: Undone): void {
  const clean = session?.isClean(file) ?? true;
  editSettingsFile(file, edit, undone);
  if (!session) return;
  if (clean) session.apply(file);
  else session.approveEdit(file, edit);
}
