// Starts one hook by its handler type (docs/hooks.md, "How a hook runs"): a command in `/bin/sh -c`
// (`bash -c` with `shell: "bash"`, PowerShell with commandWindows on Windows) with the hook
// environment; an http hook's POST; a prompt hook's model request. Every type answers with a
// process-shaped result, read by the one answer policy (answers.ts).
import { mkdirSync } from 'node:fs';
import { runHttpHook } from './httpHook.js';
import { runMcpToolHook, type McpToolCaller } from './mcpToolHook.js';
import type { HookShells } from './pathLookup.js';
import { runPromptHook, type PromptModel } from './promptHook.js';
import type { ProcessRunner, ProcessSpec } from './runner.js';
import type { CommandHandler, ConfiguredHook, ProcessResult } from '../contract/types.js';
import { deferred } from '../../process/deferred.js';

export interface LaunchSettings {
  workdir: string;
  runProcess: ProcessRunner;
  baseEnv: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  promptModel: PromptModel | undefined;
  /** What `mcp_tool` hooks call (the session's MCP servers, given by the composition root). */
  mcpTool?: McpToolCaller | undefined;
  killGraceMs: number | undefined;
  exitGraceMs: number | undefined;
  /** Absolute shells, resolved when the session started (never a `sh` found on PATH later). */
  shells: HookShells;
}

export interface HookStart {
  event: string;
  hook: ConfiguredHook;
  /** The event JSON (stdin, the POST body, the prompt's $ARGUMENTS). */
  payload: string;
  toolName: string;
  sessionId: string;
  cwd: string;
  /** The `env` of the settings files. */
  settingsEnv: Record<string, string>;
  /** CLAUDE_ENV_FILE / WAVE_ENV_FILE, for the events that get one (SessionStart, CwdChanged). */
  envFile: string | undefined;
  timeoutMs: number;
  /** Claude Code's async protocol applies (a synchronous command hook). */
  detachOnAsyncLine: boolean;
  /** The event's input (the record's tool_use_id). */
  input: Record<string, unknown>;
  /** The command starts once this resolves (the transcript is written meanwhile: runner.ts, `ready`). */
  ready?: Promise<void>;
  /** A stop the user asked for (the chat's live card): the process group is killed, the request aborted. */
  signal?: AbortSignal;
}

const made = new Set<string>();

/** A plugin's data folder, made the first time one of its hooks runs (a failure shows when the hook writes there). */
function madeDir(dir: string): string {
  if (made.has(dir)) return dir;
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    // the hook's own write into it fails and says why
  }
  made.add(dir);
  return dir;
}

/** The environment of a hook (docs/hooks.md, "Environment"). */
export function hookEnv(s: LaunchSettings, h: HookStart): Record<string, string | undefined> {
  const plugin = h.hook.plugin;
  return {
    ...s.baseEnv,
    ...h.settingsEnv,
    HOOK_EVENT: h.event,
    HOOK_TOOL_NAME: h.toolName,
    WAVE_PROJECT_DIR: s.workdir,
    CLAUDE_PROJECT_DIR: s.workdir,
    WAVE_SESSION_ID: h.sessionId,
    CLAUDE_CODE_SESSION_ID: h.sessionId,
    ...(plugin ? { WAVE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_ROOT: plugin.root } : {}),
    ...(plugin?.data ? { WAVE_PLUGIN_DATA: madeDir(plugin.data), CLAUDE_PLUGIN_DATA: plugin.data } : {}),
    ...(h.envFile ? { CLAUDE_ENV_FILE: h.envFile, WAVE_ENV_FILE: h.envFile } : {}),
  };
}

function commandSpec(s: LaunchSettings, h: HookStart, handler: CommandHandler): ProcessSpec {
  const windows = s.platform === 'win32';
  const command = windows ? (handler.commandWindows ?? handler.command) : handler.command;
  const shell = s.shells[handler.shell === 'bash' ? 'bash' : 'sh'];
  return {
    file: windows ? 'powershell.exe' : shell,
    args: windows ? ['-NoProfile', '-NonInteractive', '-Command', command] : ['-c', command],
    cwd: h.cwd,
    env: hookEnv(s, h),
    input: `${h.payload}\n`,
    timeoutMs: h.timeoutMs,
    ...(h.detachOnAsyncLine ? { detachOnAsyncLine: true } : {}),
    ...(h.signal ? { signal: h.signal } : {}),
    ...(h.ready ? { ready: h.ready } : {}),
    ...(s.killGraceMs !== undefined ? { killGraceMs: s.killGraceMs } : {}),
    ...(s.exitGraceMs !== undefined ? { exitGraceMs: s.exitGraceMs } : {}),
    ...execForm(handler),
  };
}

/** `args` (the exec form): the program itself, with exactly these arguments, no shell (docs/hooks.md, "Process"). */
function execForm(handler: CommandHandler): Pick<ProcessSpec, 'file' | 'args'> | object {
  return handler.args ? { file: handler.command, args: handler.args } : {};
}

export async function launchHook(s: LaunchSettings, h: HookStart): Promise<ProcessResult> {
  const handler = h.hook.handler;
  if (handler.type !== 'command') await h.ready; // a request goes once what it names is written
  if (handler.type === 'http')
    return runHttpHook({ handler, body: h.payload, env: hookEnv(s, h), timeoutMs: h.timeoutMs, ...(h.signal ? { signal: h.signal } : {}) });
  if (handler.type === 'prompt')
    return runPromptHook({ handler, payload: h.payload, model: s.promptModel, timeoutMs: h.timeoutMs, ...(h.signal ? { signal: h.signal } : {}) });
  if (handler.type === 'mcp_tool')
    return runMcpToolHook({ handler, payload: h.payload, caller: s.mcpTool, timeoutMs: h.timeoutMs, ...(h.signal ? { signal: h.signal } : {}) });
  return s.runProcess(commandSpec(s, h, handler));
}

/**
 * Launches the hook at once, held at its gate while `prepare` brings what it reads up to date (the
 * agent's transcript): the fork goes on meanwhile, and the command starts only once that is done,
 * so it never reads a stale or half-written file.
 */
export async function launchPrepared(s: LaunchSettings, h: HookStart, prepare: (() => void | Promise<void>) | undefined): Promise<ProcessResult> {
  if (!prepare) return launchHook(s, h);
  const gate = deferred();
  const running = launchHook(s, { ...h, ready: gate.promise });
  try {
    await prepare();
  } finally {
    gate.resolve();
  }
  return running;
}
