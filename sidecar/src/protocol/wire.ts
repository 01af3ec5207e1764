// The data the sidecar and the web UI both see, defined once (docs/architecture.md, "Layers"): the
// conversation (messages and blocks), hook run records, configuration problems and the small
// vocabularies they use. The lowest layer: it imports nothing of the product; the engine and the
// agent use these types, and the protocol (protocol.ts) carries them.
import type { RunKind } from './runKind.js';

export { STOP_CHOICES } from './runKind.js';
export type * from './runKind.js';

/** What may run without asking (docs/hooks.md, `permission_mode`). */
export const PERMISSION_MODES = ['default', 'acceptEdits', 'plan', 'bypassPermissions'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Where a hook was configured, in run order (docs/hooks.md, "Sources and run order"). */
export const SOURCE_ORDER = ['programmatic', 'plugin', 'user', 'project', 'projectLocal'] as const;
export type HookSource = (typeof SOURCE_ORDER)[number];

/** A problem found while loading hook configuration. */
export interface ConfigProblem {
  severity: 'error' | 'warning';
  /** Absolute file path, or `<programmatic>`. */
  file: string;
  /** JSON path such as `hooks.PreToolUse[0].hooks[1].timeout`; empty for the whole file. */
  path: string;
  line?: number;
  column?: number;
  message: string;
}

/** How a run ended, by the exit-code rules (docs/hooks.md, "Exit code"). */
export const RUN_OUTCOMES = ['success', 'blocking_error', 'non_blocking_error', 'timeout', 'skipped'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/**
 * What a run did, in one word — the badge of its card and its outcome in the history: it blocked,
 * denied, asked, allowed, rewrote the input, added context, stopped the agent, changed nothing
 * (`ok`), failed (`error`), timed out, or was skipped (the turn's budget was spent).
 */
export const RUN_VERDICTS = ['ok', 'context', 'blocked', 'denied', 'asked', 'allowed', 'rewrote', 'stopped', 'error', 'timeout', 'skipped'] as const;
export type RunVerdict = (typeof RUN_VERDICTS)[number];

/** The diagnostic record of one hook run (docs/hooks.md, "Run records"). Never sent to the model. */
export interface HookRunRecord {
  id: string;
  event: string;
  hookId: string;
  source: HookSource;
  file: string | null;
  name: string;
  matcher: string | null;
  command: string;
  async: boolean;
  startedAt: string;
  durationMs: number;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  outcome: RunOutcome;
  /** What this run did, in one word (the card's badge). */
  verdict: RunVerdict;
  /** What this run did, as data (runKind.ts): what its answer did, why it gave none, or why it did not run. */
  kind: RunKind;
  /**
   * The hook's own reason for what it decided, as it gave it: a block's `reason` or exit 2's stderr, a
   * permission's reason, a stop's `stopReason`; null when it gave none (or the engine decided for it).
   */
  reason: string | null;
  /** What this run decided, in English words built from `kind` ("blocked: …", "added context", "success"): for people and logs, never parsed. */
  decision: string;
  /** What went wrong in English words built from `kind`, when outcome is an error (invalid JSON answer, command not found, …). */
  error: string | null;
  /** Something the user should know although the run went well: a rewrite a parallel group ignored (docs/hooks.md, "Parallel groups"). */
  warning?: string;
  /** For a tool event (PreToolUse, PermissionRequest, PostToolUse…): the `tool_use_id` of the call it ran for. */
  toolUseId?: string;
  /** Its answer replaced the tool's input (`updatedInput`), whatever its verdict (an allow may rewrite too). */
  rewroteInput?: boolean;
}

/**
 * Why a hook of an event did not run (docs/hooks.md, "Why a hook did or did not run"): its matcher
 * does not match, its `if` does not cover the call, it is `once` and already ran, the workspace is
 * not trusted, `disableAllHooks` is set, an identical hook ran instead, it waits for review, its file
 * cannot be read, or the firing was for other hooks. (A hook the turn's budget skipped has a run record.)
 */
export const NOT_RUN_KINDS = ['matcher', 'if', 'once', 'untrusted', 'disableAllHooks', 'duplicate', 'pending', 'unreadable', 'notThisFiring'] as const;
export type NotRunKind = (typeof NOT_RUN_KINDS)[number];

/** A hook of an event that did not run, and why, as data (the chat words it; `--debug hooks` prints the same in English). */
export interface HookNotRun {
  event: string;
  name: string;
  source: HookSource;
  kind: NotRunKind;
  /** What the kind refers to: the matcher and the value it was tested on (`Bash|Edit` / `Read`), the `if` rule, the file that disables all hooks, the hook that ran instead, the unreadable file (with its line). */
  detail: string | null;
  /** For `matcher`: the value the matcher was tested against. */
  value?: string;
}

/** The model APIs Wave speaks (README, "Settings keys"): the one list the settings schema, the model configuration and the Model section use. */
export const MODEL_PROVIDERS = ['openai', 'anthropic'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/**
 * A synchronous hook that has started and not finished yet (the chat's live card). `id` is the id
 * its run record will have; the run can be stopped by it.
 */
export interface HookRunStart {
  id: string;
  event: string;
  hookId: string;
  name: string;
  /** The handler's `statusMessage`, shown while it runs. */
  statusMessage: string | null;
  startedAt: string;
  toolUseId?: string;
  /** It guards a call (PreToolUse, PermissionRequest): its Stop asks whether the call is cancelled or runs. */
  guardsCall?: boolean;
}

export interface TextBlock {
  type: 'text';
  content: string;
  /** Who wrote it: the user, a hook (context or feedback), Wave itself (notifications), or the assistant (absent). */
  source?: 'user' | 'hook' | 'system';
  /** For hook text: the event whose hook produced it. */
  hookEvent?: string;
  /** For hook text of one kind: what it is and its text without the model's framing, so the UI frames it in its own words. */
  hookFrame?: HookFrame;
}

/** Context a hook added (`PreToolUse:Bash`), or the feedback of a blocked Stop / SubagentStop. */
export interface HookFrame {
  kind: 'context' | 'feedback';
  /** `PreToolUse:Bash`, `SessionStart:startup`, `Stop`. */
  label: string;
  body: string;
}

export interface ToolBlock {
  type: 'tool';
  id: string;
  name: string;
  /** The input as the model sent it (the model's history keeps it, as Claude Code does). */
  parameters: Record<string, unknown>;
  /** The input the tool really ran with, when a hook rewrote it. */
  effectiveParameters?: Record<string, unknown>;
  stage: 'pending' | 'running' | 'done';
  /** What the model sees as the result (a PostToolUse hook's `updatedToolOutput`, when one replaced it). */
  result?: string;
  /** The tool's own result, when a PostToolUse hook replaced it. */
  originalResult?: string;
  success?: boolean;
  error?: string;
  /** The hooks of this call's tool events that did not run, and why (absent when every hook of them ran). */
  hooksNotRun?: HookNotRun[];
}

export interface ErrorBlock {
  type: 'error';
  content: string;
}

export interface HookRunBlock {
  type: 'hook_run';
  run: HookRunRecord;
}

export interface CompactBlock {
  type: 'compact';
  summary: string;
  trigger: 'manual' | 'auto';
  /** The user's prompt that was being answered when an automatic compaction happened. */
  currentPrompt?: string;
  /** The estimated size of what the model is sent, before and after (4 characters a token). */
  tokensBefore?: number;
  tokensAfter?: number;
}

export type Block = TextBlock | ToolBlock | ErrorBlock | HookRunBlock | CompactBlock;

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  blocks: Block[];
  /** Not typed by the user nor written by the model: hook context, notices. */
  isMeta?: boolean;
}
