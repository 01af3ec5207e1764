// The settings page's listing of hooks (protocol.ts, `hooks.list` and `hooks.changed`): every hook
// on disk by source with its state, the files and their versions, the review of changed files, the
// workspace trust, and the Claude Code hooks Wave does not run yet (docs/hooks.md, "The settings
// page"). Types only, shared with the UI through protocol.ts.
import type { ConfigProblem, HookSource } from './wire.js';

export type TrustState = 'trusted' | 'untrusted' | 'unknown';

/** One project hook, as the trust dialog lists it before the user decides. */
export interface ProjectHookInfo {
  event: string;
  matcher: string | null;
  command: string;
  file: string;
}

/** One project hook whole, as the trust dialog shows it (`trust.hooks`): what trusting the workspace lets run. */
export interface ProjectHookDetail extends ProjectHookInfo {
  /** The whole command (`POST <url>`, `prompt: <text>` for the other types). */
  command: string;
  /** Which project file: `.wave/settings.json` or `.wave/settings.local.json`. */
  source: 'project' | 'projectLocal';
  line: number | null;
  /** The hook's own `description`, if it has one. */
  description: string | null;
  /** The script in the project the command runs: its first lines (capped), or why none are shown. */
  script: ProjectScript | null;
}

/** The first lines of a project script a hook runs (at most 10 lines and 2 KiB). */
export interface ProjectScript {
  path: string;
  lines: string[];
  truncated: boolean;
  state: 'text' | 'missing' | 'binary';
}

export interface TrustInfo {
  state: TrustState;
  /** Project settings define hooks (so the UI should ask when the state is unknown). */
  projectHasHooks: boolean;
  /** The project's hook commands (what trusting the workspace lets run). */
  projectHooks: ProjectHookInfo[];
}

/** Whether a hook on disk runs in the session: yes; not yet (changed or added, awaiting review); switched off; untrusted project. */
export type HookState = 'active' | 'pending' | 'inactive' | 'untrusted';

/** A hook named in a review of a changed settings file. */
export interface ReviewHook {
  event: string;
  matcher: string | null;
  name: string;
  command: string;
}

/** What changed on disk in one settings file, compared with what the session runs. */
export interface FileReview {
  path: string;
  source: Exclude<HookSource, 'programmatic'>;
  added: ReviewHook[];
  /** Still running until the change is applied. */
  removed: ReviewHook[];
  changed: Array<{ before: ReviewHook; after: ReviewHook }>;
  /** Top-level keys besides hooks that changed (env, permissions, disableAllHooks, model, …). */
  keys: string[];
  disableAllHooks: boolean | null;
  deleted: boolean;
  /** Not valid JSON on disk: applying would stop every hook of the file. */
  parseError: { line: number; column: number; message: string; trailingComma?: true } | null;
  /** `settings`, or `trust`: the trust store changed on disk by something else than the user's answer. */
  kind: 'settings' | 'trust';
  /** For `trust`: this workdir's trust in the session and on disk; other workdirs that changed. */
  trust: { workdir: string; before: TrustState; after: TrustState; others: string[] } | null;
  /** When an earlier session saw this change, which it left unreviewed (this session runs the approved content); null: seen in this session. */
  since: string | null;
}

/** What the session said when it started: every hook off, fewer hooks than the project's last session. */
export interface StartState {
  /** The file whose `"disableAllHooks": true` turns every hook off, or null. */
  allHooksOff: string | null;
  fewerHooks: { before: number; now: number } | null;
}

/** The session's configuration as the UI shows it: changes to review, and problems that make hooks not run. */
export interface ConfigState {
  review: FileReview[];
  /** Errors and warnings of the settings on disk (file, line, JSON path). */
  problems: ConfigProblem[];
  /** "N hooks could not be read …", or null. */
  unread: string | null;
  /** Null before the session started. */
  start: StartState | null;
}

export interface HookListItem {
  /** Stable while the file keeps its shape. */
  id: string;
  source: Exclude<HookSource, 'programmatic'>;
  event: string;
  matcher: string | null;
  /** description, name, or a summary of the command */
  description: string;
  command: string;
  timeout: number | null;
  async: boolean;
  /** Absolute path of the config file, resolved by the sidecar. */
  file: string;
  line: number | null;
  editable: boolean;
  pluginName: string | null;
  /** Whether it runs in the session now (a hook the agent just wrote is `pending` until applied). */
  state: HookState;
  /** `jsonl`: a command hook that says `"transcript": "jsonl"` (an imported Claude Code hook) reads the JSON Lines transcript. */
  transcript: 'jsonl' | null;
  /** `onFailure: "block"`: any failure of the hook blocks like exit 2. */
  onFailure?: 'block';
  /** Its matcher group says `"parallel": true`: the group's hooks start together (docs/hooks.md, "Parallel groups"). */
  parallel?: true;
  /** Its matcher group has several hooks that may start together: the page offers the `parallel` switch (with `parallel`, always). */
  parallelizable?: true;
  /** What it runs (its script, a program on PATH) changed during the session: what, until the user approves it (hooks.approveTargets). */
  changedTargets?: string[];
}

export interface SettingsFileState {
  source: Exclude<HookSource, 'programmatic'>;
  path: string;
  exists: boolean;
  /** The file is not valid JSON: where and why (the list of that file is then unknown, not empty). */
  /** Not valid JSON: where and why (`trailingComma`: a comma before `}` or `]`, which JSON does not allow). */
  error: { line: number; column: number; message: string; trailingComma?: true } | null;
  /** It exists but its hooks could not be read (unreadable, not valid JSON, not an object): the UI keeps showing the last ones it read, greyed. */
  unread?: true;
  /** Changes whenever the file's bytes change; sent back with a delete. */
  version: string;
}

/** Which Claude Code settings file: `~/.claude/settings.json`, `.claude/settings.json`, `.claude/settings.local.json` (named by the Wave file they go to). */
export type ClaudeImportFrom = 'user' | 'project' | 'local';

/** A hook of a Claude Code settings file, as `wave hooks import` names it. */
export interface ClaudeHookInfo {
  event: string;
  matcher: string | null;
  /** The command, `POST <url>` or `prompt: …`. */
  what: string;
}

/** A permission rule or env variable of a Claude Code file: `permissions.deny` and its rule, `env.NAME` and its value. */
export interface ClaudeSettingInfo {
  key: string;
  value: string;
}

/** A key of a Claude Code file that the import leaves out, and why (`model`: Wave's model is set in its own section). */
export interface ClaudeNotImported {
  key: string;
  reason: string;
}

/** A Claude Code settings file with hooks that Wave does not run: they are not in its Wave file yet. */
export interface ClaudeHooksFile {
  from: ClaudeImportFrom;
  /** The Claude Code file (absolute path). */
  file: string;
  /** The Wave file the import adds them to. */
  to: string;
  /** What the import would add (hooks already in `to` are not counted). */
  hooks: ClaudeHookInfo[];
  /** The permission rules and env variables the import would add. */
  settings: ClaudeSettingInfo[];
  /** What the import leaves out, and why. */
  notImported: ClaudeNotImported[];
  /** Whether `hooks.import` may import it now: a project file only into a trusted workspace. */
  importable: boolean;
}

/** What `hooks.import` added from one Claude Code file. */
export interface ClaudeImportDone {
  from: ClaudeImportFrom;
  file: string;
  to: string;
  added: ClaudeHookInfo[];
  /** Already in the Wave file. */
  skipped: number;
  /** Permission rules and env variables added. */
  settings: ClaudeSettingInfo[];
  /** What was left out, and why. */
  notImported: ClaudeNotImported[];
}

export interface HooksListing {
  workdir: string;
  /** The user's home folder (paths under it are shown as `~/…`). */
  homeDir: string;
  projectName: string;
  files: SettingsFileState[];
  hooks: HookListItem[];
  problems: ConfigProblem[];
  trust: TrustInfo;
  config: ConfigState;
  /** Claude Code settings files whose hooks Wave does not run (not imported yet); empty when there are none. */
  claude: ClaudeHooksFile[];
}
