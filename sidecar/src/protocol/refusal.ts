// Why the sidecar refused a change to a settings file, in data. A refused request's error carries
// it beside its English `message`, and the UI words it in its own language
// (webui/src/i18n/refusal.*.ts) instead of showing the sidecar's English inside its own frame.

/** What the refused change left undone (the end of the sentence: "nothing was deleted"). */
export type Undone = 'deleted' | 'changed' | 'restored' | 'written' | 'created' | 'ruleWritten' | 'modelSaved' | 'imported';

export type RefusalWhy =
  /** A plugin's hooks cannot be edited on the page. */
  | { kind: 'pluginReadOnly'; file: string }
  /** The file is not what was listed: it changed, is gone, or no longer parses. */
  | { kind: 'changedSinceListed'; file: string; now: 'changed' | 'gone' | 'invalid' }
  | { kind: 'invalidJson'; file: string; line: number; column: number; detail: string }
  | { kind: 'duplicateKey'; file: string; key: string; path: string; lines: [number, number] }
  /** The hook is no longer in its file. */
  | { kind: 'hookGone' }
  /** A project hook of a workspace that is not trusted: it does not run, not even as a test. */
  | { kind: 'untrusted' }
  | { kind: 'unreadable'; file: string; cause: string | null }
  | { kind: 'readOnly'; file: string }
  /** The write failed: `cause` is the system's code (ENOSPC: the disk is full), `detail` its words. */
  | { kind: 'cannotWrite'; file: string; cause: string | null; detail: string }
  /** The file changed between the check and the write. */
  | { kind: 'changedWhile'; file: string }
  /** Another program saved the file during the write: its save was kept (or could not be read back). */
  | { kind: 'savedMeanwhile'; file: string; kept: boolean }
  /** Another program renamed its save over the file during the write, and Wave's write replaced it. */
  | { kind: 'replacedSave'; file: string };

/** A refusal: why, and what was left undone (null: nothing to say). */
export type Refusal = RefusalWhy & { undone: Undone | null };
