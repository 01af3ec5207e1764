// What `wave hooks test` and the settings page's Test action put in a tool event's payload when the
// user gives none (docs/hooks.md, "wave hooks test"): for each tool of the catalogue (app/tools.ts)
// a `tool_input` shaped like that tool's real input and the `tool_response` the tool really
// returns, so a hook that reads `.tool_input.file_path` of an Edit gets one.
// Paths are under the project folder given, as the agent's own (absolute) paths would be.
import { join } from 'node:path';
import { TOOL_NAMES } from './tools.js';
import { toolNamesOf } from '../hooks/contract/toolAliases.js';

export interface ToolSample {
  tool_input: Record<string, unknown>;
  tool_response: Record<string, unknown>;
}

type Sampler = (project: string) => ToolSample;

const shell = { interrupted: false, isImage: false };

const SAMPLES: Record<string, Sampler> = {
  Read: (p) => ({
    tool_input: { file_path: join(p, 'src/index.ts') },
    tool_response: {
      type: 'text',
      file: { filePath: join(p, 'src/index.ts'), content: 'export const answer = 42;', numLines: 1, startLine: 1, totalLines: 1 },
      success: true,
    },
  }),
  Write: (p) => ({
    tool_input: { file_path: join(p, 'src/hello.ts'), content: "export const hello = 'world';\n" },
    tool_response: { type: 'create', filePath: join(p, 'src/hello.ts'), content: "export const hello = 'world';\n", success: true },
  }),
  Edit: (p) => ({
    tool_input: { file_path: join(p, 'src/index.ts'), old_string: 'answer = 42', new_string: 'answer = 43' },
    tool_response: { filePath: join(p, 'src/index.ts'), oldString: 'answer = 42', newString: 'answer = 43', replaceAll: false, success: true },
  }),
  Glob: (p) => ({
    tool_input: { pattern: '**/*.ts', path: p },
    tool_response: { filenames: [join(p, 'src/index.ts')], numFiles: 1, truncated: false, success: true },
  }),
  Grep: (p) => ({
    tool_input: { pattern: 'answer', path: p, glob: '*.ts' },
    tool_response: { mode: 'files_with_matches', filenames: [join(p, 'src/index.ts')], numFiles: 1, success: true },
  }),
  Bash: () => ({
    tool_input: { command: 'echo hello', description: 'Print hello' },
    tool_response: { stdout: 'hello', stderr: '', ...shell, exit_code: 0, success: true },
  }),
  BashOutput: () => ({
    tool_input: { bash_id: 'shell_1' },
    tool_response: {
      shellId: 'shell_1',
      command: 'npm run dev',
      status: 'running',
      exitCode: null,
      stdout: 'ready',
      stderr: '',
      timestamp: '2026-01-01T00:00:00.000Z',
      success: true,
    },
  }),
  KillShell: () => ({
    tool_input: { shell_id: 'shell_1' },
    tool_response: { message: 'Killed shell shell_1', shell_id: 'shell_1', success: true },
  }),
  Agent: () => ({
    tool_input: { description: 'Find the tests', prompt: 'List the test files of this project', subagent_type: 'general-purpose' },
    tool_response: { agentId: 'agent_1', agentType: 'general-purpose', result: 'test/a.test.ts', totalMessages: 3, success: true },
  }),
  Workflow: () => ({
    tool_input: { name: 'release' },
    tool_response: { workflowId: 'workflow_1', name: 'release', steps: 2, backgroundTaskId: 'workflow_1', success: true },
  }),
  CronCreate: () => ({
    tool_input: { schedule: '*/10 * * * *', prompt: 'Check the build', recurring: true },
    tool_response: { id: 'cron_1', schedule: '*/10 * * * *', prompt: 'Check the build', recurring: true, nextRun: '2026-01-01T00:10:00.000Z', success: true },
  }),
  CronList: () => ({ tool_input: {}, tool_response: { jobs: [], success: true } }),
  CronDelete: () => ({ tool_input: { id: 'cron_1' }, tool_response: { id: 'cron_1', deleted: true, success: true } }),
  EnterWorktree: (p) => ({
    tool_input: { name: 'feature-x' },
    tool_response: {
      success: true,
      name: 'feature-x',
      worktreePath: join(p, '.wave/worktrees/feature-x'),
      createdBy: 'git',
      branch: 'wave/feature-x',
      cwd: join(p, '.wave/worktrees/feature-x'),
      message: 'Entered worktree feature-x',
    },
  }),
  ExitWorktree: (p) => ({
    tool_input: { action: 'keep' },
    tool_response: {
      success: true,
      action: 'keep',
      name: 'feature-x',
      worktreePath: join(p, '.wave/worktrees/feature-x'),
      createdBy: 'git',
      removed: false,
      cwd: p,
      message: 'Left worktree feature-x (kept)',
    },
  }),
};

/** Names of the catalogue's tools that have no sample (a test keeps this empty). */
export function toolsWithoutSample(): string[] {
  return TOOL_NAMES.filter((n) => !(n in SAMPLES));
}

/** The sample of a tool (the subagent tool's under either name, `Agent` or `Task`); a tool Wave does not know (an MCP tool, say) gets an empty input. */
export function toolSample(tool: string, project: string): ToolSample {
  const sampler = toolNamesOf(tool)
    .map((name) => SAMPLES[name])
    .find((s) => s !== undefined);
  return sampler ? sampler(project) : { tool_input: {}, tool_response: { success: true } };
}
