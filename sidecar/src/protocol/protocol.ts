// THE protocol between the sidecar and the web UI: every request, response and event, in one
// module shared by both sides (the UI imports its types; the server validates requests with the
// zod schemas). Transport-agnostic: see transport.ts.
import * as z from 'zod';
import type { HookRunRecord, HookRunStart, Message, RunKind } from './wire.js';
import { MODEL_PROVIDERS, STOP_CHOICES } from './wire.js';
import type { ClaudeImportDone, ConfigState, HooksListing, ProjectHookDetail, TrustInfo } from './hooksListing.js';
import type { McpElicitation, McpListing } from './mcpListing.js';
import type { GuardCoverage } from './coverage.js';
import type { Refusal } from './refusal.js';
import { formatIssues } from '../util/zodIssues.js';

export type * from './wire.js';
export type * from './hooksListing.js';
export type * from './mcpListing.js';
export type * from './coverage.js';
export type * from './refusal.js';

// ----- requests (UI → sidecar) -----------------------------------------------------------------

function ModelFormSchema() {
  return z.object({ provider: z.enum(MODEL_PROVIDERS), baseURL: z.string(), model: z.string(), apiKey: z.string().optional() });
}

export const RequestSchemas = {
  /** First call of a client: who the server is and the current state. */
  hello: z.object({ view: z.enum(['chat', 'settings', 'browser']).optional() }),
  'hooks.list': z.object({}),
  /** Deletes one hook; `version` is its file's version from the listing (refused if it changed). */
  'hooks.delete': z.object({ id: z.string().min(1), version: z.string().min(1) }),
  /** Sets (or removes) `"parallel": true` on the hook's matcher group (docs/hooks.md, "Parallel groups"); `version` as for a delete. */
  'hooks.setParallel': z.object({ id: z.string().min(1), parallel: z.boolean(), version: z.string().min(1) }),
  /** Edit through the AI: open the hook's file in the IDE, close the settings tab, prefill the chat. */
  'hooks.edit': z.object({ id: z.string().min(1), prefill: z.string() }),
  /** New hook through the AI: close the settings tab and prefill the chat (with no model: open the target file instead). */
  'hooks.create': z.object({ prefill: z.string(), source: z.enum(['user', 'project']).optional() }),
  /** Puts back the exact bytes a delete replaced (`undo` of its result), when the file is still as the delete left it. */
  'hooks.undoDelete': z.object({ undo: z.string().min(1) }),
  /** The user approves what the session's hooks run now (changed scripts and programs): a held guard runs again. */
  'hooks.approveTargets': z.object({}),
  /** Each listed hook's figures from the run history (`wave hooks stats`), by hook id. */
  'hooks.stats': z.object({}),
  /** Recent runs from the history, newest first (`wave hooks runs`). */
  'hooks.runs': z.object({
    event: z.string().min(1).optional(),
    outcome: z.enum(['ok', 'blocked', 'error', 'timeout']).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    /** Only the runs of sessions of this project (workdir). */
    project: z.string().min(1).optional(),
  }),
  /**
   * Runs that one hook for real, without a model (`wave hooks test`): against its event's sample
   * payload, or `input`, the user's stdin (its event fields over the sample; `cwd` and
   * `permission_mode` too). A test run is marked as such in the history and counted apart.
   */
  'hooks.test': z.object({ id: z.string().min(1), input: z.record(z.string(), z.unknown()).optional() }),
  /** The tools × tool events view of the hooks that run, and the guards that would fail open. */
  'hooks.coverage': z.object({}),
  /** Runs the hook of one recorded run (by its id), as it is on disk now, on the recorded stdin: a test run. */
  'hooks.rerun': z.object({ id: z.string().min(1) }),
  /** Imports the hooks of one Claude Code settings file (or of every one listed in `claude`) into its Wave file (`wave hooks import`). */
  'hooks.import': z.object({ from: z.enum(['user', 'project', 'local']).optional() }),
  'chat.state': z.object({}),
  'chat.send': z.object({ text: z.string().min(1) }),
  'chat.abort': z.object({}),
  /** `always`: allow, and write the prompt's `rule` into the project's local settings. */
  'chat.permission': z.object({ requestId: z.string(), behavior: z.enum(['allow', 'deny']), message: z.string().optional(), always: z.boolean().optional() }),
  /** The user's answer to an MCP server's request for input (`chat.elicitationRequest`). */
  'chat.elicitation': z.object({
    requestId: z.string(),
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), z.unknown()).optional(),
  }),
  /** Kills one running synchronous hook (a live card's Stop); `then` says what happens to the call it guards (default cancelCall). */
  'chat.stopHook': z.object({ runId: z.string().min(1), then: z.enum(STOP_CHOICES).optional() }),
  /** Asks every chat view to open with this text in its input. */
  'chat.prefill': z.object({ text: z.string() }),
  'trust.set': z.object({ trusted: z.boolean() }),
  /** Every project hook whole, as the trust dialog shows it: description, file, the first lines of its project script. */
  'trust.hooks': z.object({}),
  /** Takes the disk version of one changed settings file (or of every offered one) into the session. */
  'config.apply': z.object({ path: z.string().min(1).optional() }),
  /** Hides the change of one file (or of all) until the file changes again. */
  'config.dismiss': z.object({ path: z.string().min(1).optional() }),
  /** Writes back the content the session runs over one changed file (the review's Revert); answers an undo token. */
  'config.revert': z.object({ path: z.string().min(1) }),
  /** Puts back what a Revert replaced, when the file is still as the Revert left it. */
  'config.undoRevert': z.object({ token: z.string().min(1) }),
  'model.get': z.object({}),
  /** Writes provider, baseURL, model (and apiKey when given) into the user settings file and applies them. Empty text removes a key. */
  'model.save': ModelFormSchema(),
  /** A real request against an endpoint: the form's values (apiKey omitted: the saved one), or without values the one in use. */
  'model.test': ModelFormSchema().partial(),
  /** The MCP servers of the session: source, state, tools (docs/mcp.md). */
  'mcp.list': z.object({}),
  /** Approves a project server (remembered with its configuration) and starts it. */
  'mcp.approve': z.object({ name: z.string().min(1) }),
  /** Stops a server and starts it again (its back-off starts over). */
  'mcp.restart': z.object({ name: z.string().min(1) }),
  /** Opens the file a server is configured in, then closes the settings tab (in this order for the IDE). */
  'mcp.openFile': z.object({ name: z.string().min(1) }),
  /** `line` (1-based): the IDE opens the file at that line. */
  'host.openFile': z.object({ path: z.string().min(1), line: z.number().int().positive().optional() }),
  'host.closeSettings': z.object({}),
  'host.showChat': z.object({}),
} as const;

export type Method = keyof typeof RequestSchemas;
export type Params<M extends Method> = z.infer<(typeof RequestSchemas)[M]>;

export function isMethod(name: unknown): name is Method {
  return typeof name === 'string' && Object.hasOwn(RequestSchemas, name);
}

/** A request's params checked with its method's schema, before any handler sees them. */
/** The same schemas, typed per method (each checked here against its own entry). */
const SCHEMA_OF: { [M in Method]: z.ZodType<Params<M>> } = RequestSchemas;

export function parseParams<M extends Method>(method: M, raw: unknown): { ok: true; params: Params<M> } | { ok: false; error: string } {
  const r = SCHEMA_OF[method].safeParse(raw ?? {});
  if (r.success) return { ok: true, params: r.data };
  return { ok: false, error: `bad params for ${method}: ${formatIssues(r.error, { root: '(params)' })}` };
}

export interface RequestMessage<M extends Method = Method> {
  type: 'request';
  id: number;
  method: M;
  params: Params<M>;
}

// ----- results ---------------------------------------------------------------------------------

/** The model the chat uses, where its settings come from, and whether its endpoint answers. */
export interface ModelState {
  configured: boolean;
  provider: string | null;
  name: string | null;
  baseURL: string | null;
  /** Why no model is configured. */
  error: string | null;
  /** No model is named anywhere (no WAVE_MODEL, no "model" key), rather than a setting that is wrong. */
  missing: boolean;
  /** The endpoint probe: not configured, not checked (a client given by an embedder), being checked, answered, or failed (`statusMessage` says why). */
  status: 'none' | 'unchecked' | 'checking' | 'ok' | 'error';
  statusMessage: string | null;
  /** The probe behind `status`, when there was one. */
  probe: ModelProbe | null;
  /** The user settings file the Model section writes, and its model keys now (never the key itself). */
  file: string;
  saved: { provider: string | null; baseURL: string | null; model: string | null; apiKeySet: boolean };
  /** What wins over the user file: WAVE_* variables that are set, then (trusted) project settings files that set a model key. */
  overriddenBy: string[];
}

/** A real request against a model endpoint (Test connection, the probe at start). */
export interface ModelProbe {
  ok: boolean;
  /** What happened, for the UI's words: it answered (and lists the model, or not); or it refused the key, has nothing there, answered another error, is unreachable, did not answer in time; or the form names no model. */
  kind: 'ok' | 'unlisted' | 'auth' | 'notFound' | 'http' | 'unreachable' | 'timeout' | 'noModel';
  /** The URL asked, and the HTTP status or the network error when there is one. */
  url: string | null;
  detail: string | null;
  /** The same in English (logs, titles). */
  message: string;
  /** The models the endpoint lists, when it lists them. */
  models: string[] | null;
}

/** A hook's figures from the run history (`wave hooks stats`). */
export interface HookFigures {
  runs: number;
  blocks: number;
  /** Errors and timeouts. */
  failures: number;
  p95Ms: number;
  lastRun: string;
  /** Test runs (`wave hooks test`, the page's Test), counted apart: none of the figures above counts them. */
  tests?: number;
}

/**
 * One line of the run history (`wave hooks runs --json`): the run record without its ids and outcome,
 * with the session it ran in. `kind` is null on a line written before records carried it (its
 * `decision` and `error` words are all it has).
 */
export interface HookHistoryRun extends Omit<HookRunRecord, 'id' | 'hookId' | 'outcome' | 'toolUseId' | 'kind'> {
  sessionId: string;
  kind: RunKind | null;
  /** A test run (`wave hooks test`, the settings page's Test), counted apart from real runs; absent for a real one. */
  test?: true;
  /** The run record's id (lines written before Wave kept it have none). */
  id?: string;
  /** The project (workdir) of the session the run belongs to. */
  project?: string;
  /** The stdin the hook got, cut to 16 KiB (docs/hooks.md, "History"). */
  stdin?: string;
  /** How many characters of the stdin were left out (it was cut): such a run cannot be re-run. */
  stdinCut?: number;
  /** The stdin was not kept: a hook blocked the event, whose input is stored nowhere (a blocked prompt). */
  stdinErased?: true;
}

/** Why a recorded run cannot be run again: it has no recorded stdin (or it was a blocked prompt's, stored nowhere), its stdin was cut, its hook is no longer in the settings or changed, or it would not run (untrusted workspace, …). */
export type RerunRefusal = 'noStdin' | 'erased' | 'stdinCut' | 'gone' | 'changed' | 'otherProject' | 'untrusted' | 'notRun';

/** Re-run with this input: the recorded run's decision and the hook's decision now, on the same stdin. */
export interface HookRerunResult {
  /** The run as recorded. */
  before: HookHistoryRun;
  /** The new run (a test run, in the history too), or null when it could not run. */
  after: HookRunRecord | null;
  /** What the new decision amounts to, in one word (null when it did not run). */
  summary: DecisionSummary | null;
  refused: RerunRefusal | null;
  /** For `changed`: the hook now at that place (its command and matcher); for `notRun`: the plan's reason; for `otherProject`: the run's project. */
  detail: string | null;
}

/** What the combined decision of a test run amounts to, in one word. */
export type DecisionSummary = 'blocked' | 'denied' | 'asked' | 'allowed' | 'stopped' | 'rewrote' | 'context' | 'nothing';

export interface HookTestResult {
  event: string;
  /** The sample stdin the hook got. */
  payload: Record<string, unknown>;
  runs: HookRunRecord[];
  summary: DecisionSummary;
  /** The combined decision in words (as `wave hooks test` prints it). */
  decision: string[];
  /** Why the hook did not run (its matcher matches no sample value, …), else null. */
  notRun: string | null;
  /** Inputs to try instead (`rm -rf build` for Bash, a write to `.env`, …): each a whole stdin like `payload`. */
  presets: TestPreset[];
}

/** An input to test a hook with: its key names it (the UI words it), for the tool it is for (null: not a tool event). */
export interface TestPreset {
  key: string;
  tool: string | null;
  stdin: Record<string, unknown>;
}

export interface Hello {
  version: string;
  workdir: string;
  /** The user's home folder (paths under it are shown as `~/…`). */
  homeDir: string;
  projectName: string;
  model: ModelState;
  trust: TrustInfo;
  config: ConfigState;
}

export interface ChatState {
  sessionId: string;
  /** The conversation's title, when a SessionStart or UserPromptSubmit hook gave one (`sessionTitle`). */
  title?: string;
  busy: boolean;
  messages: Message[];
  pendingPermissions: PermissionPrompt[];
  /** Synchronous hooks running now (live cards). */
  running: HookRunStart[];
}

export interface PermissionPrompt {
  requestId: string;
  toolName: string;
  input: Record<string, unknown>;
  reason: string;
  /** For Write: the file's text before it (absent for a new file), so the approval shows a diff. */
  original?: string;
  /** The `permissions.allow` rule "Always allow" writes (e.g. `Bash(npm test:*)`, `Edit`), and the file it goes to. */
  rule: string | null;
  ruleFile: string;
}

export interface Results {
  hello: Hello;
  'hooks.list': HooksListing;
  'hooks.delete': HooksListing & { undo: string };
  'hooks.undoDelete': HooksListing;
  'hooks.setParallel': HooksListing;
  'hooks.approveTargets': HooksListing;
  'hooks.stats': { hooks: Record<string, HookFigures> };
  /** `projects`: every project seen in the history (the filter's choices); `session`: the chat's session (its runs open in the chat). */
  'hooks.runs': { runs: HookHistoryRun[]; file: string; projects: string[]; session: string | null };
  'hooks.rerun': HookRerunResult;
  'hooks.test': HookTestResult;
  'hooks.coverage': GuardCoverage;
  'hooks.import': HooksListing & { imported: ClaudeImportDone[] };
  /** `opened`: with no model configured, the settings file opened instead of the chat. */
  'hooks.edit': { ok: true; opened: string | null };
  'hooks.create': { ok: true; opened: string | null };
  'chat.state': ChatState;
  'chat.send': { accepted: true };
  'chat.abort': { ok: true };
  'chat.permission': { ok: true; ruleWritten: string | null };
  'chat.stopHook': { ok: true };
  'chat.elicitation': { ok: true };
  'model.get': ModelState;
  'model.save': ModelState;
  'model.test': ModelProbe;
  'chat.prefill': { ok: true };
  'trust.set': TrustInfo;
  'trust.hooks': { hooks: ProjectHookDetail[] };
  'config.apply': ConfigState;
  'config.dismiss': ConfigState;
  'config.revert': { config: ConfigState; undo: string };
  'config.undoRevert': ConfigState;
  'mcp.list': McpListing;
  'mcp.approve': McpListing;
  'mcp.restart': McpListing;
  'mcp.openFile': { ok: true; opened: string };
  'host.openFile': { ok: true };
  'host.closeSettings': { ok: true };
  'host.showChat': { ok: true };
}

/**
 * The server's side of the protocol: one handler per method, given its validated params and the
 * client that asked, its result typed by the method (MCP's request/result pairs).
 */
export type Handlers<Client> = { [M in Method]: (params: Params<M>, client: Client) => Promise<Results[M]> | Results[M] };

export type ErrorCode = 'bad_request' | 'unknown_method' | 'not_found' | 'conflict' | 'refused' | 'busy' | 'internal';

export type ResponseMessage<M extends Method = Method> =
  | { type: 'response'; id: number; ok: true; result: Results[M] }
  | { type: 'response'; id: number | null; ok: false; error: { code: ErrorCode; message: string; why?: Refusal } };

// ----- events (sidecar → UI) -------------------------------------------------------------------

export interface Events {
  'hooks.changed': HooksListing;
  /** Messages that were added or changed (whole messages, by id). */
  'chat.messages': { messages: Message[]; title?: string };
  'chat.busy': { busy: boolean };
  'chat.hookRun': { run: HookRunRecord };
  /** A synchronous hook started; its `chat.hookRun` follows when it ends. */
  'chat.hookStart': { run: HookRunStart };
  /** The run history changed: every listed hook's figures. */
  'hooks.stats': { hooks: Record<string, HookFigures> };
  'model.changed': ModelState;
  'chat.permissionRequest': PermissionPrompt;
  'chat.permissionResolved': { requestId: string };
  /** An MCP server asks for input: the chat shows its form until it is answered. */
  'chat.elicitationRequest': McpElicitation;
  'chat.elicitationResolved': { requestId: string };
  'chat.prefill': { text: string };
  /** A UserPromptSubmit hook blocked this prompt: it was not kept anywhere; the composer gets it back. */
  'chat.promptBlocked': { text: string };
  'chat.reset': ChatState;
  'trust.changed': TrustInfo;
  /** The review or the problems changed (a settings file changed, a change was applied or dismissed). */
  'config.changed': ConfigState;
  /** A server connected, failed, was approved or restarted, or its tools changed. */
  'mcp.changed': McpListing;
}

export type EventName = keyof Events;

export interface EventMessage<E extends EventName = EventName> {
  type: 'event';
  event: E;
  data: Events[E];
}

export type ServerMessage = ResponseMessage | EventMessage;
export type ClientMessage = RequestMessage;

// ----- host channel (sidecar stdout → IDE shell) ------------------------------------------------

export type HostRequest =
  | { host: 'openFile'; path: string; line?: number }
  | { host: 'closeSettings' }
  | { host: 'showChat' }
  /** An IDE balloon in the "Wave" notification group (the JetBrains shell); `level` defaults to info. */
  | { host: 'notify'; title?: string; message: string; level?: 'info' | 'warning' | 'error' };

/** The first line `wave serve` prints on stdout. */
export interface ReadyLine {
  ready: { url: string; port: number; token: string };
}
