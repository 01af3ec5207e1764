// `wave -p "<prompt>"`: one turn without a UI, with all hooks (README, "The agent on the command line"). Like `claude -p`, the
// workdir is trusted. Exit code 0, or 1 with a one-line reason on a configuration or model error.
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Agent, AgentEvent } from '../agent/agent.js';
import type { TurnResult } from '../agent/turn.js';
import { createAgent } from '../app/agent.js';
import { TOOL_NAMES } from '../app/tools.js';
import { lastAnswer } from '../agent/messages.js';
import { formatProblem } from '../hooks/config/problems.js';
import { targetChangeText } from '../hooks/fire/failClosed.js';
import type { TargetChangeNotice } from '../hooks/fire/manager.js';
import type { ConfigProblem } from '../hooks/contract/types.js';
import { hookDebugger } from './debug.js';
import { commandArgs } from './args.js';
import { PRINT_USAGE } from './usage.js';
import { resolveWorkdir } from './workdir.js';
import type * as z from 'zod';
import { SettingsSchema } from '../hooks/config/schema.js';
import { pickModelKeys } from '../settings/schema.js';
import { PERMISSION_MODES, type PermissionMode } from '../hooks/contract/types.js';
import { createModelClient } from '../models/config.js';
import { loadModelConfig } from '../app/modelConfig.js';
import { formatJsonPath, parseJsonText, readJsonFile } from '../settings/jsonFile.js';
import { ApprovedStore } from '../settings/approved.js';
import { ReviewedFile } from '../settings/reviewedFile.js';
import { carriedFlagLine, describeChange, startLines } from '../hooks/config/startNotices.js';
import { messageOf } from '../util/errors.js';
import { formatIssue } from '../util/zodIssues.js';

class UsageError extends Error {}

/** How long `wave -p` waits for background work after the turn (WAVE_SETTLE_SECONDS overrides), read when the turn ends. */
const settleLimitMs = (): number => Number(process.env.WAVE_SETTLE_SECONDS ?? 1800) * 1000;

/** `--settings FILE`: watched like the settings files; a change an earlier run left unreviewed is not taken (docs/hooks.md). */
interface FlagFile {
  path: string;
  /** When an earlier run saw the change this run does not take, or null. */
  carried: string | null;
}

/** --settings: a file path or an inline JSON object, checked with the settings schema. */
function readFlagSettings(arg: string | undefined): { settings: z.infer<typeof SettingsSchema>; file: FlagFile | null } {
  if (!arg) return { settings: {}, file: null };
  const inline = arg.trim().startsWith('{');
  const reviewed = inline ? null : new ReviewedFile(resolve(arg), new ApprovedStore(join(homedir(), '.wave')));
  const file = reviewed
    ? reviewed.approvedText === null
      ? readJsonFile(reviewed.path)
      : parseJsonText(reviewed.path, reviewed.approvedText)
    : parseJsonText('--settings', arg);
  if (!inline && !file.exists) throw new UsageError(`--settings: no such file ${resolve(arg)}`);
  if (file.parseError)
    throw new UsageError(`--settings: not valid JSON at line ${file.parseError.line}, column ${file.parseError.column}: ${file.parseError.message}`);
  const dup = file.duplicates[0];
  if (dup)
    throw new UsageError(
      `--settings: duplicate key ${formatJsonPath(dup.path)} at line ${dup.line} (also at line ${dup.previous.line}): only the last one would count`,
    );
  const parsed = SettingsSchema.safeParse(file.value);
  if (!parsed.success) {
    throw new UsageError(`--settings: ${formatIssue(parsed.error.issues[0]!)}`);
  }
  return { settings: parsed.data, file: reviewed ? { path: reviewed.path, carried: reviewed.carried } : null };
}

/** --mcp-config: a `.mcp.json`-shaped file, or its JSON inline (like `claude -p --mcp-config`). */
function readMcpFlag(arg: string | undefined): { mcpServers?: unknown; mcpConfigFiles?: string[] } {
  if (!arg) return {};
  if (arg.trim().startsWith('{')) {
    const file = parseJsonText('--mcp-config', arg);
    if (file.parseError) throw new UsageError(`--mcp-config: not valid JSON at column ${file.parseError.column}: ${file.parseError.message}`);
    return { mcpServers: (file.value as { mcpServers?: unknown }).mcpServers ?? {} };
  }
  if (!existsSync(resolve(arg))) throw new UsageError(`--mcp-config: no such file ${resolve(arg)}`);
  return { mcpConfigFiles: [resolve(arg)] };
}

export async function printCommand(argv: string[]): Promise<number> {
  const args = commandArgs('-p', PRINT_USAGE, argv, {
    print: { type: 'string', short: 'p' },
    workdir: { type: 'string' },
    settings: { type: 'string' },
    'output-format': { type: 'string', default: 'text' },
    'permission-mode': { type: 'string' },
    resume: { type: 'string' },
    debug: { type: 'string' },
    'mcp-config': { type: 'string' },
  });
  if (!args.ok) return args.code;
  try {
    return await run(args.values);
  } catch (err) {
    process.stderr.write(`wave: ${messageOf(err)}\n`);
    return err instanceof UsageError ? 2 : 1;
  }
}

type Format = 'text' | 'json' | 'stream-json';

/** The flags, checked: usage errors exit 2. */
function readFlags(values: Record<string, string | undefined>) {
  const prompt = values.print;
  if (!prompt?.trim()) throw new UsageError(`-p needs a prompt\n${PRINT_USAGE}`);
  const format = (values['output-format'] ?? 'text') as Format;
  if (!['text', 'json', 'stream-json'].includes(format)) throw new UsageError(`--output-format must be text, json or stream-json, not "${format}"`);
  const mode = values['permission-mode'];
  if (mode !== undefined && !(PERMISSION_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`--permission-mode must be one of ${PERMISSION_MODES.join(', ')}, not "${mode}"`);
  }
  const { dir: workdir, note } = resolveWorkdir(values.workdir);
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) throw new UsageError(`--workdir: no such folder ${workdir}`);
  let debugHooks;
  try {
    debugHooks = hookDebugger(values.debug);
  } catch (err) {
    throw new UsageError(messageOf(err));
  }
  return {
    prompt,
    format,
    mode: (mode as PermissionMode | undefined) ?? 'default',
    workdir,
    note,
    debugHooks,
    ...flagOf(readFlagSettings(values.settings)),
    resume: values.resume,
    mcp: readMcpFlag(values['mcp-config']),
  };
}

const flagOf = (r: ReturnType<typeof readFlagSettings>) => ({ flag: r.settings, flagFile: r.file });

const streamLine = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

/** Like `claude -p`, the run keeps its start-up snapshot: a changed file is mentioned once (docs/hooks.md, "Changes during a session"). */
function changeReporter(): (changes: ReadonlyArray<{ path: string }>) => void {
  const told = new Set<string>();
  return (changes) => {
    for (const c of changes.filter((c) => !told.has(c.path))) {
      told.add(c.path);
      process.stderr.write(`wave: ${c.path} changed during this run; this run keeps the hooks it started with, the change applies from the next run\n`);
    }
  };
}

async function run(values: Record<string, string | undefined>): Promise<number> {
  const f = readFlags(values);
  if (f.note) process.stderr.write(`wave: ${f.note}\n`);
  const { sources: files, model: config } = loadModelConfig({
    workdir: f.workdir,
    homeDir: homedir(),
    trustProject: true,
    env: process.env,
    overrides: pickModelKeys(f.flag),
    toolNames: TOOL_NAMES,
  });
  reportProblems(files.problems, f.format === 'stream-json' ? streamLine : null);
  if (!config.ok) throw new Error(config.error);
  const agent = await createAgent({
    workdir: f.workdir,
    model: createModelClient(config.config),
    modelFor: (name) => createModelClient({ ...config.config, model: name }),
    permissionMode: f.mode,
    trustProject: true,
    onConfigChange: changeReporter(),
    ...(f.flagFile ? { watchFiles: [f.flagFile.path] } : {}),
    // Text output prints the chat's notices at the end; the other formats get this one at once.
    ...(f.format !== 'text' ? { onTargetChange: (n: TargetChangeNotice) => process.stderr.write(`wave: ${targetChangeText(n)}\n`) } : {}),
    ...(f.debugHooks ? { debugHooks: f.debugHooks } : {}),
    ...(f.flag.hooks !== undefined ? { hooks: f.flag.hooks } : {}),
    ...(f.flag.permissions ? { extraPermissions: f.flag.permissions } : {}),
    ...(f.flag.env ? { env: { ...process.env, ...f.flag.env } } : {}),
    ...(f.resume ? { resume: f.resume } : {}),
    ...f.mcp,
    onEvent: (e: AgentEvent) => {
      if (e.type === 'hook_start' && e.run.statusMessage) process.stderr.write(`wave: ${e.run.event} hook: ${e.run.statusMessage}\n`);
      if (f.format === 'stream-json' && e.type !== 'messages') streamLine(e);
    },
  });
  for (const line of startLines(agent.startNotices, (p) => describeChange(agent.settings.changes().find((c) => c.path === p)))) {
    process.stderr.write(`wave: ${line}\n`);
  }
  if (f.flagFile?.carried) process.stderr.write(`wave: ${carriedFlagLine(f.flagFile.path, f.flagFile.carried)}\n`);
  const firstNew = agent.loaded;
  const turn = await agent.sendMessage(f.prompt);
  // Like `claude -p`: wait for the background work this run started (shells, subagents, workflows)
  // and for its completion to be handed back to the agent, within the run's limit.
  const limitMs = settleLimitMs();
  if (!(await agent.settle(limitMs))) process.stderr.write(`wave: background work still running after ${limitMs / 1000} s; stopping it\n`);
  await agent.destroy('other');
  report(agent, turn, f.format, firstNew);
  return turn.error ? 1 : turn.blocked ? EXIT_PROMPT_BLOCKED : 0;
}

/** The exit code of a run whose prompt a UserPromptSubmit hook blocked: nothing ran (docs/hooks.md, "UserPromptSubmit"). */
export const EXIT_PROMPT_BLOCKED = 3;

/**
 * The run's output: the result, and the notices (a transcript that cannot be written, a hook's
 * message for the user) on stderr in every format, as the UI shows them; json has them in its
 * messages too.
 */
function report(agent: Agent, turn: TurnResult, format: Format, firstNew: number): void {
  // The result is the agent's last answer, after any cycle that background work started.
  const result = turn.error || turn.blocked ? turn.result : (lastAnswer(agent.messages) ?? turn.result);
  const summary = { session_id: agent.sessionId, ...(agent.title ? { title: agent.title } : {}), transcript_path: agent.transcriptPath, result };
  for (const m of agent.messages.slice(firstNew)) {
    for (const b of m.blocks) if (b.type === 'error') process.stderr.write(`wave: ${b.content}\n`);
  }
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ ...summary, ...turnFlags(turn), messages: agent.messages }, null, 2)}\n`);
  } else if (format === 'stream-json') {
    streamLine({ type: 'result', ...summary, ...turnFlags(turn) });
  } else if (result) process.stdout.write(`${result}\n`);
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

function turnFlags(turn: TurnResult) {
  return {
    ...(turn.blocked ? { blocked: true } : {}),
    ...(turn.stopped ? { stopped: turn.stopped } : {}),
    ...(turn.error ? { error: turn.error } : {}),
  };
}
