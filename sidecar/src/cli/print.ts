// `wave -p "<prompt>"`: one turn without a UI, with all hooks (README, "The agent on the command line"). Like `claude -p`, the
// workdir is trusted. Exit code 0, or 1 with a one-line reason on a configuration or model error.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Agent, AgentEvent } from '../agent/agent.js';
import { createAgent } from '../app/agent.js';
import { TOOL_NAMES } from '../app/tools.js';
import { lastAnswer } from '../agent/messages.js';
import { loadSources } from '../hooks/compose.js';
import { formatProblem } from '../hooks/problems.js';
import type { ConfigProblem } from '../hooks/types.js';
import { hookDebugger } from './debug.js';
import { PRINT_USAGE } from './usage.js';
import { resolveWorkdir } from './workdir.js';
import type { z } from 'zod';
import { SettingsSchema } from '../hooks/schema.js';
import { pickModelKeys } from '../settings/schema.js';
import { PERMISSION_MODES, type PermissionMode } from '../hooks/types.js';
import { createModelClient, modelConfigFrom } from '../models/config.js';
import { formatJsonPath, parseJsonText, readJsonFile } from '../settings/jsonFile.js';


class UsageError extends Error {}

/** How long `wave -p` waits for background work after the turn (WAVE_SETTLE_SECONDS overrides). */
const SETTLE_LIMIT_MS = Number(process.env.WAVE_SETTLE_SECONDS ?? 1800) * 1000;

/** --settings: a file path or an inline JSON object, checked with the settings schema. */
function readFlagSettings(arg: string | undefined): z.infer<typeof SettingsSchema> {
  if (!arg) return {};
  const inline = arg.trim().startsWith('{');
  const file = inline ? parseJsonText('--settings', arg) : readJsonFile(resolve(arg));
  if (!inline && !file.exists) throw new UsageError(`--settings: no such file ${resolve(arg)}`);
  if (file.parseError) throw new UsageError(`--settings: not valid JSON at line ${file.parseError.line}, column ${file.parseError.column}: ${file.parseError.message}`);
  const dup = file.duplicates[0];
  if (dup) throw new UsageError(`--settings: duplicate key ${formatJsonPath(dup.path)} at line ${dup.line} (also at line ${dup.previous.line}): only the last one would count`);
  const parsed = SettingsSchema.safeParse(file.value);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw new UsageError(`--settings: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return parsed.data;
}

export async function printCommand(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        print: { type: 'string', short: 'p' },
        workdir: { type: 'string' },
        settings: { type: 'string' },
        'output-format': { type: 'string', default: 'text' },
        'permission-mode': { type: 'string' },
        resume: { type: 'string' },
        debug: { type: 'string' },
      },
    }));
  } catch (err) {
    process.stderr.write(`wave: ${(err as Error).message}\n${PRINT_USAGE}\n`);
    return 2;
  }
  try {
    return await run(values);
  } catch (err) {
    process.stderr.write(`wave: ${(err as Error).message}\n`);
    return err instanceof UsageError ? 2 : 1;
  }
}

async function run(values: Record<string, string | undefined>): Promise<number> {
  const prompt = values.print;
  if (!prompt?.trim()) throw new UsageError(`-p needs a prompt\n${PRINT_USAGE}`);
  const format = values['output-format'] ?? 'text';
  if (!['text', 'json', 'stream-json'].includes(format)) throw new UsageError(`--output-format must be text, json or stream-json, not "${format}"`);
  const mode = values['permission-mode'];
  if (mode !== undefined && !PERMISSION_MODES.includes(mode as PermissionMode)) {
    throw new UsageError(`--permission-mode must be one of ${PERMISSION_MODES.join(', ')}, not "${mode}"`);
  }
  const { dir: workdir, note } = resolveWorkdir(values.workdir);
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) throw new UsageError(`--workdir: no such folder ${workdir}`);
  const flag = readFlagSettings(values.settings);

  const streamLine = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
  if (note) process.stderr.write(`wave: ${note}\n`);
  const files = loadSources({ workdir, homeDir: homedir(), trustProject: true, toolNames: TOOL_NAMES });
  reportProblems(files.problems, format === 'stream-json' ? streamLine : null);
  const config = modelConfigFrom(process.env, { ...files.settings.model, ...pickModelKeys(flag) });
  if (!config.ok) throw new Error(config.error);

  let debugHooks;
  try {
    debugHooks = hookDebugger(values.debug);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const told = new Set<string>();
  const agent = await createAgent({
    ...(debugHooks ? { debugHooks } : {}),
    // Like `claude -p`, the run keeps its start-up snapshot (docs/hooks.md, "Changes during a session").
    onConfigChange: (changes) => {
      for (const c of changes.filter((c) => !told.has(c.path))) {
        told.add(c.path);
        process.stderr.write(`wave: ${c.path} changed during this run; this run keeps the hooks it started with, the change applies from the next run\n`);
      }
    },
    workdir,
    model: createModelClient(config.config),
    modelFor: (name) => createModelClient({ ...config.config, model: name }),
    permissionMode: (mode as PermissionMode | undefined) ?? 'default',
    trustProject: true,
    ...(flag.hooks !== undefined ? { hooks: flag.hooks } : {}),
    ...(flag.permissions ? { extraPermissions: flag.permissions } : {}),
    ...(flag.env ? { env: { ...process.env, ...flag.env } } : {}),
    ...(values.resume ? { resume: values.resume } : {}),
    ...(format === 'stream-json' ? { onEvent: (e: AgentEvent) => e.type !== 'messages' && streamLine(e) } : {}),
  });
  const firstNew = values.resume ? agent.messages.length : 0;
  const turn = await agent.sendMessage(prompt);
  // Like `claude -p`: wait for the background work this run started (shells, subagents, workflows)
  // and for its completion to be handed back to the agent, within the run's limit.
  if (!(await agent.settle(SETTLE_LIMIT_MS))) process.stderr.write(`wave: background work still running after ${SETTLE_LIMIT_MS / 1000} s; stopping it\n`);
  await agent.destroy('other');

  // The result is the agent's last answer, after any cycle that background work started.
  const result = turn.error || turn.blocked ? turn.result : (lastAnswer(agent.messages) ?? turn.result);
  const summary = { session_id: agent.sessionId, transcript_path: agent.transcriptPath, result };
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ ...summary, ...turnFlags(turn), messages: agent.messages }, null, 2)}\n`);
  } else if (format === 'stream-json') {
    streamLine({ type: 'result', ...summary, ...turnFlags(turn) });
  } else {
    for (const m of agent.messages.slice(firstNew)) {
      for (const b of m.blocks) if (b.type === 'error') process.stderr.write(`wave: ${b.content}\n`);
    }
    if (result) process.stdout.write(`${result}\n`);
  }
  return turn.error ? 1 : 0;
}

/**
 * Every problem of the settings, loudly: one stderr line each (a guard that does not run must never
 * go unnoticed), and a `settings_error` event each in stream-json.
 */
function reportProblems(problems: readonly ConfigProblem[], stream: ((o: unknown) => void) | null): void {
  for (const p of problems) {
    process.stderr.write(`wave: ${formatProblem(p)}\n`);
    stream?.({ type: 'settings_error', ...p });
  }
}

function turnFlags(turn: Awaited<ReturnType<Agent['sendMessage']>>) {
  return {
    ...(turn.blocked ? { blocked: true } : {}),
    ...(turn.stopped ? { stopped: turn.stopped } : {}),
    ...(turn.error ? { error: turn.error } : {}),
  };
}
