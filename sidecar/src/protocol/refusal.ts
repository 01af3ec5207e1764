// Why the sidecar refused a change to a settings file, in data. A refused request's error carries
// it beside its English `message`, and the UI words it in its own language
// (webui/src/i18n/refusal.*.ts) instead of showing the sidecar's English inside its own frame.

/** What the refused change left undone (the end of the sentence: "nothing was deleted"). */
export type Undone = 'deleted' | 'changed' | 'restored' | 'written' | 'created' | 'ruleWritten' | 'modelSaved' | 'imported' | 'reverted';

/** What a test's own input field must be, when it is not (docs/hooks.md, "Test with your own input"). */
export type TestInputRule = 'thisEvent' | 'toolName' | 'object' | 'absolutePath' | 'permissionMode';

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
  | { kind: 'replacedSave'; file: string }
  /** A hook of the group cannot start beside the others (it may rewrite the tool's input, say). */
  | { kind: 'notParallel'; event: string }
  /** The change an Undo would take back is no longer remembered. */
  | { kind: 'undoExpired'; of: 'delete' | 'revert' }
  /** The run to run again is no longer in the run history. */
  | { kind: 'runGone' }
  /** No session has started yet, so nothing is under review. */
  | { kind: 'noSession' }
  | { kind: 'notUnderReview'; file: string }
  /** A PreModelSwitch hook said no to the switch; `reason` is the hook's own words. */
  | { kind: 'switchRefused'; from: string; to: string; reason: string }
  | { kind: 'badBaseUrl'; value: string }
  /** The Claude Code file holds project hooks, and this workspace is not trusted. */
  | { kind: 'untrustedImport'; file: string }
  /** A field of a test's own input is not what it must be; `expected` is the event, or the modes, it must be one of. */
  | { kind: 'badTestInput'; field: string; must: TestInputRule; expected: string[] };

/**
 * A refusal: why, and what was left undone (null: nothing to say); `imported`: the files an import
 * had already written when the next one was refused.
 */
export type Refusal = RefusalWhy & { undone: Undone | null; imported?: string[] };
