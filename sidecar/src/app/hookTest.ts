// The input of a test run of hooks (`wave hooks test`, the settings page's Test action; docs/hooks.md,
// "wave hooks test"): the event's sample from the event table, the tool's own sample for tool
// events (app/toolSamples.ts), the user's values over both; and a real sample transcript, so a
// hook that reads `transcript_path` finds a file.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newMessage } from '../agent/messages.js';
import { promptModelOf } from '../agent/promptModel.js';
import { absolutePaths } from '../agent/toolCall.js';
import { transcriptPath, writeTranscript } from '../agent/transcript.js';
import { JsonlTranscript } from '../agent/transcriptJsonl.js';
import type { FireContext } from '../hooks/fire/manager.js';
import type { PromptModel } from '../hooks/handlers/prompt.js';
import { createModelClient, modelConfigFrom } from '../models/config.js';
import type { ModelKeys } from '../settings/schema.js';
import { eventSpec, type HookEventName } from '../hooks/contract/events.js';
import { toolSample } from './toolSamples.js';

export const TEST_SESSION = 'hooks-test';

export interface HookTestOptions {
  /** The tool of a tool event (default: the event sample's, Bash). */
  tool?: string | undefined;
  /** The user's values, over the samples. */
  input?: Record<string, unknown> | undefined;
  /** The project folder: sample paths are under it. */
  project: string;
}

/** The event input of a test run; throws when `tool` is given for an event that has no tool. */
export function hookTestInput(event: HookEventName, opts: HookTestOptions): Record<string, unknown> {
  const base: Record<string, unknown> = { ...eventSpec(event).sample };
  if (!('tool_name' in base)) {
    if (opts.tool) throw new Error(`--tool applies to tool events only, not ${event}`);
    return { ...base, ...opts.input };
  }
  const tool = opts.tool ?? (typeof opts.input?.tool_name === 'string' ? opts.input.tool_name : String(base.tool_name));
  const sample = toolSample(tool, opts.project);
  base.tool_name = tool;
  base.tool_input = sample.tool_input;
  if ('tool_response' in base) base.tool_response = sample.tool_response;
  const out = { ...base, ...opts.input };
  if (opts.tool) out.tool_name = opts.tool;
  // As in a session: a relative file_path or path is absolute before any hook sees it.
  if (typeof out.tool_input === 'object' && out.tool_input !== null) out.tool_input = absolutePaths(out.tool_input as Record<string, unknown>, opts.project);
  return out;
}

/**
 * Writes the sample transcripts of test runs (a user prompt and an answer), the session JSON and
 * its JSON Lines twin, in the temporary folder, and names an empty CLAUDE_ENV_FILE there; new files
 * each time, so a hook that changed them sees the sample again.
 */
export function writeSampleTranscripts(
  project: string,
  dir = join(tmpdir(), `wave-hooks-test-${process.getuid?.() ?? 'user'}`),
): { json: string; jsonl: string; envFile: string } {
  const json = transcriptPath(dir, TEST_SESSION);
  const now = new Date().toISOString();
  const messages = [
    newMessage('user', [{ type: 'text', content: 'Hello from wave hooks test', source: 'user' }]),
    newMessage('assistant', [{ type: 'text', content: 'Done.' }]),
  ];
  writeTranscript(json, { id: TEST_SESSION, workdir: project, createdAt: now, updatedAt: now }, messages);
  const jsonl = join(dir, `${TEST_SESSION}.jsonl`);
  rmSync(jsonl, { force: true });
  new JsonlTranscript(jsonl, { id: TEST_SESSION, cwd: () => project }).update(messages);
  const envFile = join(dir, `${TEST_SESSION}-env.sh`);
  rmSync(envFile, { force: true });
  return { json, jsonl, envFile };
}

/** The session fields of a test run: the test session, its sample transcripts and env file, the project as cwd. */
export function hookTestContext(project: string): FireContext {
  const sample = writeSampleTranscripts(project);
  return {
    sessionId: TEST_SESSION,
    transcriptPath: sample.json,
    transcriptJsonlPath: sample.jsonl,
    envFile: sample.envFile,
    cwd: project,
    permissionMode: 'default',
  };
}

/** A model for the project's `prompt` hooks, when the settings or the environment configure one. */
export function promptModelFor(settingsModel: ModelKeys, env: NodeJS.ProcessEnv = process.env): PromptModel | undefined {
  const config = modelConfigFrom(env, settingsModel);
  if (!config.ok) return undefined;
  return promptModelOf(createModelClient(config.config), (name) => createModelClient({ ...config.config, model: name }));
}
