// Starts one hook (docs/hooks.md, "How a hook runs"): the hook environment, the session's runtime
// (process runner, model, MCP servers, shells), then its type's row of the handler table
// (handlers/table.ts) runs it. Every type answers with a process-shaped result, read by the one
// answer policy (contract/answers.ts).
import { mkdirSync } from 'node:fs';
import type { McpToolCaller, PromptModel } from '../handlers/handlerType.js';
import type { HookShells } from './pathLookup.js';
import type { ProcessRunner } from './runner.js';
import { runHandler } from '../handlers/table.js';
import type { ConfiguredHook, ProcessResult } from '../contract/types.js';
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

/** Starts one hook by its type (the handler table, handlers/table.ts). */
export function launchHook(s: LaunchSettings, h: HookStart): Promise<ProcessResult> {
  const runtime = {
    runProcess: s.runProcess,
    promptModel: s.promptModel,
    mcpTool: s.mcpTool,
    platform: s.platform,
    shells: s.shells,
    killGraceMs: s.killGraceMs,
    exitGraceMs: s.exitGraceMs,
  };
  return runHandler({
    handler: h.hook.handler,
    payload: h.payload,
    env: hookEnv(s, h),
    cwd: h.cwd,
    timeoutMs: h.timeoutMs,
    detachOnAsyncLine: h.detachOnAsyncLine,
    ...(h.signal ? { signal: h.signal } : {}),
    ...(h.ready ? { ready: h.ready } : {}),
    runtime,
  });
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
