// What one firing of an event is given (the session's context) and gives back, and what the hook
// manager is made with: the types of the engine's API for the agent (manager.ts).
import type { RewakeNotice } from './background.js';
import type { TurnBudget } from './budget.js';
import type { PromptModel } from '../handlers/prompt.js';
import type { ProcessRunner } from '../run/runner.js';
import type { ObservedFile, SessionConfig } from '../config/sessionConfig.js';
import type { HookNotRun, HookRunStart } from '../../protocol/wire.js';
import type { ConfiguredHook, HookDecision, HookRunRecord, PermissionMode } from '../contract/types.js';

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 600;

export interface FireContext {
  sessionId: string;
  /** The session JSON (`transcript_path` for user, project and programmatic hooks). */
  transcriptPath: string;
  /** The Claude Code JSON Lines twin (`transcript_jsonl_path`; `transcript_path` for plugin hooks and `"transcript": "jsonl"`). */
  transcriptJsonlPath?: string;
  /** The session's CLAUDE_ENV_FILE, handed to the events that get one (SessionStart, CwdChanged). */
  envFile?: string;
  cwd: string;
  permissionMode: PermissionMode;
  promptId?: string;
  /** Set when the event happens inside a subagent. */
  subagent?: { type: string; id: string };
  /** The user turn's shared budget; without one each hook only has its own timeout. */
  budget?: TurnBudget;
  /** Brings what a hook reads up to date (the agent writes its transcript): called once the hook is on its way, forked and waiting at its gate, which opens when this is done. */
  beforeRun?: () => void | Promise<void>;
  /** Runs only the hooks this accepts (the project's SessionStart hooks once trust is granted). */
  only?: (hook: ConfiguredHook) => boolean;
  /** The exact stdin to give each hook instead of the one built from the input (Re-run with this input of a recorded run). */
  stdin?: string;
}

/** A hook's script or program changed during the session (HookManager.approveRunTargets approves it). */
export interface TargetChangeNotice {
  event: string;
  hook: ConfiguredHook;
  changes: string[];
  held: boolean;
}

/** A settings file changed on disk during the session, and what its ConfigChange hooks said. */
export interface ConfigChangeNotice extends ObservedFile {
  /** A ConfigChange hook refused the change (exit 2 / decision block): why. It is not offered for apply. */
  refused: string | null;
}

export interface FireResult {
  decision: HookDecision;
  runs: HookRunRecord[];
  /** A tool event's hooks that did not run, and why (the chat shows them under the call's card). */
  notRun?: HookNotRun[];
}

export interface HookManagerOptions {
  workdir: string;
  homeDir?: string;
  /**
   * The session's settings object, which the session owns: the engine reads its hooks from it
   * (docs/architecture.md, "Settings of a session"). Without one (the engine used on its own: tests,
   * a hook's Test) the manager makes one from `hooks`, `trustProject`, `toolNames` and `watchFiles`.
   */
  config?: SessionConfig;
  /** Programmatic hooks (Agent.create({ hooks })), same shape as a settings file's `hooks`. */
  hooks?: unknown;
  /** Whether project-scope hooks may run (docs/hooks.md, "Project hooks need a trusted workspace"). Default true (headless use). */
  trustProject?: boolean | (() => boolean);
  /** Files besides the settings files whose change is a settings change: observed, ConfigChange fires (sessionConfig.ts). */
  watchFiles?: readonly string[];
  runProcess?: ProcessRunner;
  /** The environment hooks inherit (default process.env). */
  baseEnv?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** The one channel of run records: every run, sync or async, as soon as its record exists, with the stdin the hook got. */
  onRecord?: (record: HookRunRecord, stdin: string) => void;
  /** The run history (~/.wave/hook-runs.jsonl by default; null: none). */
  historyFile?: string | null;
  /** Every run is a test run (`wave hooks test`): marked as such in the history, counted apart from real runs. */
  testRuns?: boolean;
  /** The agent's tool names: tool matchers that match none of them are warned about. */
  toolNames?: readonly string[];
  /** Problems of the engine itself the user should hear about (the history cannot be written, …). */
  onWarning?: (message: string) => void;
  /** `--debug hooks`: called after every event with the lines saying what ran and what did not. */
  debug?: (lines: string[]) => void;
  /** Called when settings files changed during the session (after their ConfigChange hooks ran). */
  onConfigChange?: (changes: ConfigChangeNotice[], runs: HookRunRecord[]) => void;
  /** A synchronous hook started (its id is its record's, and what `stopRun` takes): the UI's live card. */
  onRunStart?: (start: HookRunStart) => void;
  killGraceMs?: number;
  exitGraceMs?: number;
  /** What `prompt` hooks ask (without one they are a non-blocking error saying no model is configured). */
  promptModel?: PromptModel;
  /**
   * What a hook runs (its script, a program on PATH) changed since the session recorded it: reported
   * once per change; `held`: it did not run and its call (prompt) was denied (docs/hooks.md, "Safety").
   */
  onTargetChange?: (change: TargetChangeNotice) => void;
  /** An asyncRewake hook exited 2: its text is for the model (at the next request, or waking the agent). */
  onRewake?: (notice: RewakeNotice) => void;
}
