// What a hook run did, as data (docs/hooks.md, "Run records"): the `kind` of a run record and of a
// history line. The engine fills it where it decides (hooks/contract/answers.ts, hooks/fire/
// failClosed.ts, fire/record.ts); the English words of the CLI, the history and stream-json are
// built from it in one place (hooks/contract/runText.ts), and the UI builds its own words from it
// (webui/src/state/runWords.ts). Nobody reads a run's English back.
// The lowest module of the protocol: it imports nothing (wire.ts builds the record on it).

/**
 * What stopping a running hook does to the call it guards (the live card's Stop, docs/hooks.md,
 * "Safety"): `cancelCall` (the default) denies the call, `letRun` lets it go on without the hook's answer.
 */
export const STOP_CHOICES = ['cancelCall', 'letRun'] as const;
export type StopChoice = (typeof STOP_CHOICES)[number];

/** One thing wrong with a hook's JSON answer: where (a JSON path, '' for the whole answer) and what. */
export interface AnswerIssue {
  /** `hookSpecificOutput.permissionDecision`; '' for the answer as a whole. */
  path: string;
  /**
   * What is wrong: stdout starts with `{` but is no JSON (`notJson`), it is longer than the 64 KiB that
   * is read (`tooLong`), a value of the wrong type (`wrongType`) or not one of the allowed values
   * (`notAllowed`), `hookEventName` names another event (`wrongEvent`), or something else (`other`).
   */
  issue: 'notJson' | 'tooLong' | 'wrongType' | 'notAllowed' | 'wrongEvent' | 'other';
  /** What is expected there, when it is known: a type, the allowed values joined by `|`, the event. */
  expected?: string;
  /** What was there instead, when it is known (`wrongEvent`: the event the answer names). */
  got?: string;
  /** The validator's own message (English; `notJson`: the JSON parser's). */
  message: string;
}

/**
 * How a guard that gave no answer ended anyway (docs/hooks.md, "Safety"): the call it guards is denied,
 * or cancelled (the user stopped it), the prompt is blocked, or it blocks because its `onFailure` is
 * `"block"`.
 */
export const CLOSED_AS = ['callDenied', 'callCancelled', 'promptBlocked', 'onFailure'] as const;
export type ClosedAs = (typeof CLOSED_AS)[number];

/**
 * Why an http, prompt or mcp_tool handler failed, as data where the cause is known (the UI says it in
 * its language): the endpoint answered an HTTP error status; the request did not get through (`code`:
 * the system's code, `ECONNREFUSED`, `ENOTFOUND`, `ERR_INVALID_URL`…, null when there is none); no
 * model is configured for a prompt hook, or the model request failed, or the model's answer is not a
 * verdict (`answer`: its first 200 characters); no MCP server of that name is connected, or the MCP
 * tool call failed; the user stopped the hook. `detail` is the rest nobody knows in advance: the
 * library's or the server's own message, shown as it is.
 */
export type HandlerCause =
  | { cause: 'httpStatus'; status: number; url: string }
  | { cause: 'requestFailed'; url: string; code: string | null; detail?: string }
  | { cause: 'noModel' }
  | { cause: 'modelFailed'; detail: string }
  | { cause: 'badVerdict'; answer: string }
  | { cause: 'noMcpServer'; server: string }
  | { cause: 'mcpFailed'; server: string; tool: string; detail: string }
  | { cause: 'stopped' };

/** A run that gave no answer; `closed` says it blocked anyway (a guard fails closed). */
interface NoAnswer {
  closed?: ClosedAs;
}

/** Why a run gave no answer, or why it did not run. */
export type RunFailure =
  /** Exit code 127. */
  | ({ kind: 'notFound' } & NoAnswer)
  /** Exit code 126. */
  | ({ kind: 'notExecutable' } & NoAnswer)
  /** Any exit code but 0, 2, 126 and 127. */
  | ({ kind: 'exitCode'; code: number } & NoAnswer)
  | ({ kind: 'signal'; signal: string } & NoAnswer)
  /** Its own timeout fired (`seconds`). */
  | ({ kind: 'timeout'; seconds: number } & NoAnswer)
  /** The process could not be started: the system's reason (`spawn sh ENOENT`). */
  | ({ kind: 'notStarted'; message: string } & NoAnswer)
  /** An http, prompt or mcp_tool handler failed: what failed in English (the request, the model's answer…), and its cause as data (absent in older records). */
  | ({ kind: 'handlerFailed'; message: string; cause?: HandlerCause } & NoAnswer)
  /** Exit 0 with a JSON answer that cannot be read. */
  | ({ kind: 'invalidAnswer'; issues: AnswerIssue[] } & NoAnswer)
  /** The user stopped it (the live card's Stop), choosing this for the call it guards. */
  | ({ kind: 'stopped'; choice: StopChoice } & NoAnswer)
  /** The turn's hook budget: it was spent before the hook ran (`budgetSeconds`: the turn's whole budget). */
  | ({ kind: 'budget'; action: 'skipped'; budgetSeconds: number | null } & NoAnswer)
  /** The turn's hook budget cut its timeout to `seconds`, and that timeout fired. */
  | ({ kind: 'budget'; action: 'cut'; seconds: number } & NoAnswer)
  /** It did not run: what it runs changed during the session and the user has not approved it (one line per change). */
  | ({ kind: 'heldBack'; changes: string[] } & NoAnswer);

/** One thing a hook's answer did (docs/hooks.md, "How a hook answers"). `reason`s are the hook's own words. */
export type RunDecision =
  /** A block: the JSON answer's `decision: "block"` (`reason` null: it gave none) or exit 2 (its stderr). */
  | { kind: 'block'; reason: string | null; from: 'json' | 'exitCode' }
  /** Exit 2 for an event that cannot block: its stderr (null: none) is shown to the user, or only logged, or dropped. */
  | { kind: 'exit2'; to: 'user' | 'log' | 'dropped'; reason: string | null }
  /** `permissionDecision` (`spelling: "approve"`: Claude Code's older `decision: "approve"`). */
  | { kind: 'permission'; decision: 'allow' | 'ask' | 'deny'; reason: string | null; spelling?: 'approve' }
  /** PermissionRequest's `decision`. */
  | { kind: 'permissionRequest'; behavior: 'allow' | 'deny'; message: string | null }
  /** `continue: false`. */
  | { kind: 'stop'; reason: string | null }
  | { kind: 'rewrite' }
  | { kind: 'retry' }
  | { kind: 'mcpOutput' }
  | { kind: 'elicitation'; action: 'accept' | 'decline' | 'cancel' }
  /** Context for the model: plain stdout or `additionalContext`. */
  | { kind: 'context'; from: 'stdout' | 'json' }
  /** PreCompact's summary instructions (plain stdout). */
  | { kind: 'instructions' }
  /** WorktreeCreate's path (plain stdout). */
  | { kind: 'path'; path: string }
  /** Plain stdout the event does not use. */
  | { kind: 'stdoutUnused' }
  | { kind: 'toolOutput' }
  /** `updatedToolOutput` that does not fit the tool's output: ignored (`field`: the field at fault, if one). */
  | {
      kind: 'toolOutputIgnored';
      issue: 'noStructuredOutput' | 'notAField' | 'wrongType';
      field: string | null;
      expected?: string;
      got?: string;
      fields?: string[];
    }
  | { kind: 'watchPaths'; count: number }
  | { kind: 'sessionTitle'; title: string }
  /** An asyncRewake hook exited 2: its stderr goes to the model. */
  | { kind: 'rewake' };

/**
 * What a run did: it answered (the list of what its answer did; empty: it changed nothing), it gave no
 * answer or did not run (a failure, see RunFailure), or it did not run being identical to another hook.
 */
export type RunKind =
  | { kind: 'answer'; decisions: RunDecision[] }
  | RunFailure
  | { kind: 'duplicate'; of: { name: string; /** Its HookSource. */ source: string; /** A plugin's hook: the plugin's name. */ plugin?: string } };
