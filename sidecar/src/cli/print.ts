// `wave -p "<prompt>"`: one turn without a UI, with all hooks (SPEC 7). Like `claude -p`, the
// workdir is trusted. Exit code 0, or 1 with a one-line reason on a configuration or model error.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, type AgentEvent } from '../agent/agent.js';
import { lastAnswer } from '../agent/messages.js';
import { loadSources } from '../hooks/sources.js';
import { SettingsSchema } from '../hooks/schema.js';
import { PERMISSION_MODES, type PermissionMode } from '../hooks/types.js';
import { createModelClient, modelConfigFrom } from '../models/config.js';
import { formatJsonPath, parseJsonText, readJsonFile } from '../settings/jsonFile.js';

export const PRINT_USAGE = `usage: wave -p "<prompt>" [--workdir DIR] [--settings FILE|JSON] [--output-format text|json|stream-json]
                [--permission-mode default|acceptEdits|plan|bypassPermissions] [--resume SESSION_ID]`;

class UsageError extends Error {}

/** How long `wave -p` waits for background work after the turn (WAVE_SETTLE_SECONDS overrides). */
const SETTLE_LIMIT_MS = Number(process.env.WAVE_SETTLE_SECONDS ?? 1800) * 1000;

/** --settings: a file path or an inline JSON object, checked with the settings schema. */
function readFlagSettings(arg: string | undefined): Record<string, unknown> {
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
  return parsed.data as Record<string, unknown>;
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
  const workdir = resolve(values.workdir ?? process.cwd());
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) throw new UsageError(`--workdir: no such folder ${workdir}`);
  const flag = readFlagSettings(values.settings);

  const files = loadSources({ workdir, homeDir: homedir(), trustProject: true });
  const config = modelConfigFrom(process.env, { ...files.other, ...flag });
  if (!config.ok) throw new Error(config.error);

  const streamLine = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
  const agent = await Agent.create({
    workdir,
    model: createModelClient(config.config),
    modelFor: (name) => createModelClient({ ...config.config, model: name }),
    permissionMode: (mode as PermissionMode | undefined) ?? 'default',
    trustProject: true,
    ...(flag.hooks !== undefined ? { hooks: flag.hooks } : {}),
    ...(flag.permissions ? { extraPermissions: flag.permissions as { allow?: string[]; deny?: string[]; ask?: string[] } } : {}),
    ...(flag.env ? { env: { ...process.env, ...(flag.env as Record<string, string>) } } : {}),
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

function turnFlags(turn: Awaited<ReturnType<Agent['sendMessage']>>) {
  return {
    ...(turn.blocked ? { blocked: true } : {}),
    ...(turn.stopped ? { stopped: turn.stopped } : {}),
    ...(turn.error ? { error: turn.error } : {}),
  };
}
