// Integration tests of `wave hooks list|validate|test` (SPEC 7): the real `wave` command (in the
// worker's warm `wave`, test/e2e/waveHost.ts; as a process of its own when it reads stdin), with
// a temporary HOME and workdir, against real settings files and real shell hooks.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_NAMES } from '../../src/hooks/contract/events.js';
import { runCommand } from '../../../test/e2e/waveHost.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const WAVE = join(REPO, 'sidecar', 'bin', 'wave.js');

beforeAll(() => {
  // vitest's globalSetup (test/globalSetup.ts) or `npm test` built the sidecar.
  if (!existsSync(join(REPO, 'sidecar', 'dist', 'cli', 'main.js'))) throw new Error('sidecar/dist is missing: run the tests with vitest or npm test');
});

// Every sandbox lives under one temporary folder, removed at the end.
const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-cli-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

class Sandbox {
  readonly root = mkdtempSync(join(TMP, 'sb-'));
  readonly home = join(this.root, 'home');
  readonly workdir = join(this.root, 'work');
  readonly userFile = join(this.home, '.wave', 'settings.json');
  readonly projectFile = join(this.workdir, '.wave', 'settings.json');
  readonly localFile = join(this.workdir, '.wave', 'settings.local.json');

  constructor() {
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.workdir, { recursive: true });
  }

  path(name: string): string {
    return join(this.root, name);
  }

  write(file: string, text: string): string {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  }

  writeJson(file: string, value: unknown): string {
    return this.write(file, `${JSON.stringify(value, null, 2)}\n`);
  }

  script(name: string, body: string): string {
    const file = this.write(this.path(name), `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  }

  readJson(name: string): Record<string, unknown> {
    return JSON.parse(readFileSync(this.path(name), 'utf8')) as Record<string, unknown>;
  }

  /**
   * Runs `wave hooks ...` with this sandbox as HOME: in the worker's warm `wave`, or, when it reads
   * stdin, as `node sidecar/bin/wave.js` of its own (test/e2e/waveHost.ts).
   */
  async wave(args: string[], opts: { cwd?: string; input?: string } = {}): Promise<Run> {
    const env = { ...process.env, HOME: this.home, NO_COLOR: '1' };
    const { code, stdout, stderr } = await runCommand(WAVE, ['hooks', ...args], { cwd: opts.cwd ?? this.workdir, env, input: opts.input });
    return { code, stdout, stderr };
  }
}

/** A sandbox with a user, a project, a project-local and a plugin hook. */
function fullSandbox() {
  const sb = new Sandbox();
  const pluginRoot = join(sb.home, '.wave', 'plugins', 'fmt');
  sb.writeJson(join(pluginRoot, 'hooks', 'hooks.json'), {
    description: 'formats files',
    hooks: { PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/bin/format.sh', description: 'format edited files' }] }] },
  });
  mkdirSync(join(pluginRoot, 'bin'), { recursive: true });
  writeFileSync(join(pluginRoot, 'bin', 'format.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  sb.writeJson(sb.userFile, {
    env: { FROM_USER: '1' },
    hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo user context', name: 'user context' }] }] },
  });
  sb.writeJson(sb.projectFile, {
    permissions: { allow: ['Bash(npm test:*)'] },
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo guard', timeout: 5, description: 'bash guard' }] }] },
  });
  sb.writeJson(sb.localFile, { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done', async: true }] }] } });
  return { sb, pluginRoot };
}

// ----- list ----------------------------------------------------------------------------------------

describe.concurrent('wave hooks list', () => {
  it('--json lists every source in run order, plugin commands with their root substituted', async ({ expect }) => {
    const { sb, pluginRoot } = fullSandbox();
    const r = await sb.wave(['list', '--workdir', sb.workdir, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      workdir: string;
      disableAllHooks: boolean;
      hooks: Array<Record<string, unknown> & { handler: Record<string, unknown> }>;
      files: Array<{ source: string; path: string; exists: boolean; parseError: unknown }>;
      problems: unknown[];
    };
    expect(out.workdir).toBe(sb.workdir);
    expect(out.disableAllHooks).toBe(false);
    expect(out.problems).toEqual([]);
    expect(out.hooks.map((h) => [h.source, h.event, h.file, h.matcher, h.displayName, h.jsonPath])).toEqual([
      ['plugin', 'PostToolUse', join(pluginRoot, 'hooks', 'hooks.json'), 'Edit|Write', 'format edited files', 'hooks.PostToolUse[0].hooks[0]'],
      ['user', 'UserPromptSubmit', sb.userFile, undefined, 'user context', 'hooks.UserPromptSubmit[0].hooks[0]'],
      ['project', 'PreToolUse', sb.projectFile, 'Bash', 'bash guard', 'hooks.PreToolUse[0].hooks[0]'],
      ['projectLocal', 'Stop', sb.localFile, undefined, 'echo done', 'hooks.Stop[0].hooks[0]'],
    ]);
    expect(out.hooks[0]?.handler.command).toBe(`${pluginRoot}/bin/format.sh`);
    expect(out.hooks[0]?.plugin).toEqual({ name: 'fmt', root: pluginRoot, data: join(sb.home, '.wave', 'plugin-data', 'fmt') });
    expect(out.hooks[2]?.handler).toEqual({ type: 'command', command: 'echo guard', timeout: 5, description: 'bash guard' });
    expect(out.hooks[3]?.handler.async).toBe(true);
    expect(out.files.map((f) => [f.source, f.path, f.exists])).toEqual([
      ['plugin', join(pluginRoot, 'hooks', 'hooks.json'), true],
      ['user', sb.userFile, true],
      ['project', sb.projectFile, true],
      ['projectLocal', sb.localFile, true],
    ]);
  });

  it('human output shows each event with name, source, matcher, command and file', async ({ expect }) => {
    const { sb, pluginRoot } = fullSandbox();
    const r = await sb.wave(['list', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    const text = r.stdout;
    expect(text).toContain(`Hooks for ${sb.workdir}`);
    for (const event of ['PostToolUse', 'UserPromptSubmit', 'PreToolUse', 'Stop']) expect(text).toMatch(new RegExp(`^${event}$`, 'm'));
    expect(text).toContain('format edited files  [plugin fmt]  matcher "Edit|Write"');
    expect(text).toContain(`$ ${pluginRoot}/bin/format.sh`);
    expect(text).toContain('user context  [user]');
    expect(text).toContain('bash guard  [project]  matcher "Bash", timeout 5 s');
    expect(text).toContain('echo done  [project (local)]  async');
    expect(text).toContain(`${sb.projectFile} → hooks.PreToolUse[0].hooks[0]`);
    expect(text).toContain(`${sb.localFile} → hooks.Stop[0].hooks[0]`);
    // Events are listed in the event table's order.
    const order = ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'].map((e) => text.search(new RegExp(`^${e}$`, 'm')));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).not.toMatch(/problem/);
  });

  it('defaults to the current directory and says when nothing is configured', async ({ expect }) => {
    const sb = new Sandbox();
    const r = await sb.wave(['list'], { cwd: sb.workdir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Hooks for ${sb.workdir}`);
    expect(r.stdout).toContain('No hooks configured');
    expect(r.stdout).toContain(sb.userFile);
    expect(r.stdout).toContain(sb.projectFile);
  });

  it('a file that is not valid JSON is flagged in the list', async ({ expect }) => {
    const sb = new Sandbox();
    sb.write(sb.projectFile, '{\n  "hooks": {\n    "Stop": [\n}\n');
    const r = await sb.wave(['list', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`${sb.projectFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(not valid JSON, line 4\\)`));
    expect(r.stdout).toMatch(/1 problem \(1 error\)/);
  });
});

// ----- validate ------------------------------------------------------------------------------------

/** 1-based line and column of the first occurrence of `needle` in `text` (plus `offset` chars). */
function positionOf(text: string, needle: string, offset = 0): { line: number; column: number } {
  const at = text.indexOf(needle) + offset;
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe.concurrent('wave hooks validate', () => {
  it('a bad entry: exit 1 and a file:line:col: error: <json path>: <reason> line; the rest still loads', async ({ expect }) => {
    const sb = new Sandbox();
    const file = sb.writeJson(sb.projectFile, {
      env: { A: '1' },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ok' }, { type: 'command', command: '' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'echo done', timeout: 'soon' }, { command: 'echo fine' }] }],
      },
    });
    const text = readFileSync(file, 'utf8');
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    const cmd = positionOf(text, '"command": ""', '"command": '.length);
    expect(lines).toContain(`${file}:${cmd.line}:${cmd.column}: error: hooks.PreToolUse[0].hooks[1].command: command must not be empty`);
    const timeout = positionOf(text, '"timeout": "soon"', '"timeout": '.length);
    expect(lines).toContain(`${file}:${timeout.line}:${timeout.column}: error: hooks.Stop[0].hooks[0].timeout: timeout must be a number of seconds`);
    expect(lines.at(-1)).toBe('2 hooks loaded; 2 errors, 0 warnings');
  });

  it('--json: ok false with the problems', async ({ expect }) => {
    const sb = new Sandbox();
    sb.writeJson(sb.userFile, { hooks: { PreToolUse: [{ hooks: [{ command: 'true' }, { type: 'http', command: 'x' }] }] } });
    const r = await sb.wave(['validate', '--workdir', sb.workdir, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; hooks: number; problems: Array<Record<string, unknown>> };
    expect(out.ok).toBe(false);
    expect(out.hooks).toBe(1);
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]).toMatchObject({ severity: 'error', file: sb.userFile, path: 'hooks.PreToolUse[0].hooks[1].url', line: expect.any(Number), column: expect.any(Number) });
    expect(String(out.problems[0]?.message)).toBe('url is required');
  });

  it('warnings only (unknown event, matcher on Stop, a handler type Wave does not run, a matcher matching no tool): exit 0', async ({ expect }) => {
    const sb = new Sandbox();
    const file = sb.writeJson(sb.userFile, {
      hooks: {
        BeforeDeploy: [{ hooks: [{ command: 'true' }] }],
        Stop: [{ matcher: 'Bash', hooks: [{ command: 'echo done' }] }],
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'agent', prompt: 'review this' }, { command: 'true' }] }],
        PostToolUse: [{ matcher: 'Bahs', hooks: [{ command: 'true' }] }],
        PostToolUseFailure: [{ matcher: 'mcp__github__.*|Edit', hooks: [{ command: 'true' }] }],
      },
    });
    const text = readFileSync(file, 'utf8');
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.includes(': error: '))).toEqual([]);
    const unknown = positionOf(text, '"BeforeDeploy"', '"BeforeDeploy": '.length);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(file)}:${unknown.line}:${unknown.column}: warning: hooks\\.BeforeDeploy: unknown event "BeforeDeploy"`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(file)}:\\d+:\\d+: warning: hooks\\.Stop\\[0\\]\\.matcher: Stop takes no matcher; "Bash" is ignored$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(file)}:\\d+:\\d+: warning: hooks\\.PreToolUse\\[0\\]\\.hooks\\[0\\]\\.type: hook type "agent" is not supported by Wave`)));
    const bahs = positionOf(text, '"Bahs"', 0);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(file)}:${bahs.line}:${bahs.column}: warning: hooks\\.PostToolUse\\[0\\]\\.matcher: matcher "Bahs" matches no known tool_name`)));
    expect(lines.filter((l) => l.includes('warning:'))).toHaveLength(4); // the mcp__ matcher is fine
    // The Stop hook (matcher ignored), the second PreToolUse hook, PostToolUse and PostToolUseFailure.
    expect(lines.at(-1)).toBe('4 hooks loaded; 0 errors, 4 warnings');
  });

  it('a file that is not valid JSON is reported with line and column', async ({ expect }) => {
    const sb = new Sandbox();
    const text = '{\n  "env": { "A": "1" }\n  "hooks": {}\n}\n';
    sb.write(sb.projectFile, text);
    sb.writeJson(sb.userFile, { hooks: { Stop: [{ hooks: [{ command: 'echo still loaded' }] }] } });
    const plugin = sb.write(join(sb.home, '.wave', 'plugins', 'broken', 'hooks', 'hooks.json'), '{ "hooks": { "Stop": [ { "hooks": [] } }\n');
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(sb.projectFile)}:3:3: error: not valid JSON: .*line 3, column 3`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(plugin)}:1:\\d+: error: not valid JSON: `)));
    expect(lines.at(-1)).toBe('1 hook loaded; 2 errors, 0 warnings');
  });

  it('a clean configuration: exit 0 and a summary', async ({ expect }) => {
    const { sb } = fullSandbox();
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('4 hooks loaded; 0 errors, 0 warnings');
  });
});

describe.concurrent('wave hooks validate: what makes a guard fail open', () => {
  it('a near-miss event name is an error ("did you mean"), with the line of the key; its hooks are counted as not running', async ({ expect }) => {
    const sb = new Sandbox();
    const file = sb.writeJson(sb.projectFile, { hooks: { PretoolUse: [{ matcher: 'Bash', hooks: [{ command: 'true' }, { command: 'true' }] }] } });
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(1);
    const at = positionOf(readFileSync(file, 'utf8'), '"PretoolUse"', '"PretoolUse": '.length);
    expect(r.stdout).toContain(`${file}:${at.line}:${at.column}: error: hooks.PretoolUse: unknown event "PretoolUse": did you mean PreToolUse?`);
    const list = await sb.wave(['list', '--workdir', sb.workdir]);
    expect(list.stdout).toMatch(/2 hooks could not be read/);
  });

  it('a matcher alternative that matches no tool is a warning naming it; mcp__ alternatives are fine', async ({ expect }) => {
    const sb = new Sandbox();
    const file = sb.writeJson(sb.userFile, {
      hooks: { PreToolUse: [{ matcher: 'Edit|MultiEdit', hooks: [{ command: 'true' }] }, { matcher: 'Bash|mcp__github__create', hooks: [{ command: 'true' }] }] },
    });
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    const at = positionOf(readFileSync(file, 'utf8'), '"Edit|MultiEdit"');
    expect(r.stdout).toContain(`${file}:${at.line}:${at.column}: warning: hooks.PreToolUse[0].matcher: "MultiEdit" in matcher "Edit|MultiEdit" matches no known tool_name`);
    expect(r.stdout.match(/warning:/g)).toHaveLength(1);
  });

  it('scripts: missing, not executable, Windows line endings, relative to the working directory — each a warning with file, line, JSON path and the fix', async ({ expect }) => {
    const sb = new Sandbox();
    const hooksDir = join(sb.workdir, '.wave', 'hooks');
    mkdirSync(hooksDir, { recursive: true });
    writeFileSync(join(hooksDir, 'ok.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    writeFileSync(join(hooksDir, 'noexec.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    writeFileSync(join(hooksDir, 'crlf.sh'), '#!/bin/sh\r\nexit 2\r\n', { mode: 0o755 });
    const file = sb.writeJson(sb.projectFile, {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { command: '"$WAVE_PROJECT_DIR"/.wave/hooks/ok.sh' },
              { command: '"$WAVE_PROJECT_DIR"/.wave/hooks/missing.sh' },
              { command: '"$CLAUDE_PROJECT_DIR/.wave/hooks/noexec.sh"' },
              { command: 'sh "$WAVE_PROJECT_DIR/.wave/hooks/noexec.sh"' },
              { command: '${WAVE_PROJECT_DIR}/.wave/hooks/crlf.sh --strict' },
              { command: './.wave/hooks/ok.sh' },
              { command: 'jq -r .tool_input.command | grep -q rm && exit 2' },
            ],
          },
        ],
      },
    });
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    const warnings = r.stdout.split('\n').filter((l) => l.includes(': warning: '));
    const text = readFileSync(file, 'utf8');
    const lineOf = (needle: string) => positionOf(text, needle).line;
    expect(warnings).toEqual([
      `${file}:${lineOf('missing.sh') - 1}:1: warning: hooks.PreToolUse[0].hooks[1].command: the script ${hooksDir}/missing.sh does not exist, so this hook fails every time it runs`,
      `${file}:${lineOf('"$CLAUDE_PROJECT_DIR') - 1}:1: warning: hooks.PreToolUse[0].hooks[2].command: the script ${hooksDir}/noexec.sh is not executable, so this hook fails every time it runs: run chmod +x ${hooksDir}/noexec.sh`,
      `${file}:${lineOf('crlf.sh') - 1}:1: warning: hooks.PreToolUse[0].hooks[4].command: the script ${hooksDir}/crlf.sh has Windows line endings (CRLF), which sh cannot run: convert it with dos2unix or sed -i 's/\\r$//'`,
      `${file}:${lineOf('./.wave/hooks/ok.sh') - 1}:1: warning: hooks.PreToolUse[0].hooks[5].command: the script ./.wave/hooks/ok.sh is given relative to the working directory, which moves (a worktree, a sub-folder): write "$WAVE_PROJECT_DIR"/.wave/hooks/ok.sh`,
    ]);
  });
});

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ----- test ---------------------------------------------------------------------------------------

interface TestOutput {
  event: string;
  payload: Record<string, unknown>;
  decision: Record<string, unknown>;
  runs: Array<Record<string, unknown>>;
}

/** A project with a PreToolUse Bash guard that records its stdin and blocks `rm -rf`. */
function guardSandbox() {
  const sb = new Sandbox();
  const guard = sb.script(
    'guard.sh',
    `cat > "$1"
if grep -q 'rm -rf' "$1"; then echo "dangerous command refused" >&2; exit 2; fi
echo "looks fine"`,
  );
  const command = `sh ${sq(guard)} ${sq(sb.path('stdin.json'))}`;
  sb.writeJson(sb.projectFile, { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command, description: 'rm guard' }] }] } });
  return { sb, command };
}

describe.concurrent('wave hooks test', () => {
  it('lists every hook of the event that did not run, each with its reason (--json and human)', async ({ expect }) => {
    const sb = new Sandbox();
    sb.writeJson(sb.userFile, {
      hooks: {
        PreToolUse: [{ matcher: 'Bahs', hooks: [{ command: 'true', description: 'typo guard' }] }, { matcher: 'Bash', hooks: [{ command: 'true', description: 'bash guard' }] }],
        PretoolUse: [{ hooks: [{ command: 'true' }] }],
      },
    });
    mkdirSync(dirname(sb.projectFile), { recursive: true });
    writeFileSync(sb.projectFile, '{ "hooks": { "PreToolUse": [ { "hooks": [ { "command": "exit 2" } ] }, ] } }\n');
    const r = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Bash', '--json']);
    const out = JSON.parse(r.stdout) as TestOutput & { skipped: Array<{ name: string; source: string; reason: string }> };
    expect(out.runs.map((x) => x.name)).toEqual(['bash guard']);
    expect(out.skipped.map((k) => [k.name, k.source, k.reason])).toEqual([
      ['typo guard', 'user', 'matcher "Bahs" does not match "Bash"'],
      [`1 hook in ${sb.userFile}`, 'user', 'invalid entry (wave hooks validate says why)'],
      [`1 hook in ${sb.projectFile}`, 'project', 'settings file unreadable (line 1)'],
    ]);
    const human = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Bash']);
    expect(human.stdout).toContain('Did not run\n  ○ typo guard  [user]: matcher "Bahs" does not match "Bash"');
  });

  it('with disableAllHooks, every hook is listed as not run and the file that set it is named', async ({ expect }) => {
    const sb = new Sandbox();
    sb.writeJson(sb.userFile, { hooks: { Stop: [{ hooks: [{ command: 'true', description: 'stopper' }] }] } });
    sb.writeJson(sb.projectFile, { disableAllHooks: true });
    const r = await sb.wave(['test', 'Stop', '--workdir', sb.workdir, '--json']);
    const out = JSON.parse(r.stdout) as { runs: unknown[]; skipped: Array<{ name: string; reason: string }> };
    expect(out.runs).toEqual([]);
    expect(out.skipped).toEqual([expect.objectContaining({ name: 'stopper', reason: `disableAllHooks in ${sb.projectFile}` })]);
  });

  it('--json: the documented object, and the hook received the input on stdin', async ({ expect }) => {
    const { sb, command } = guardSandbox();
    const r = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Bash', '--input', '{"tool_input":{"command":"rm -rf /"}}', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as TestOutput;
    expect(out.event).toBe('PreToolUse');
    for (const key of ['blocked', 'reason', 'permissionDecision', 'updatedInput', 'additionalContext', 'continue', 'stopReason', 'systemMessage', 'userMessages']) {
      expect(out.decision).toHaveProperty(key);
    }
    expect(out.decision).toMatchObject({
      event: 'PreToolUse',
      blocked: true,
      reason: 'dangerous command refused',
      permissionDecision: null,
      updatedInput: null,
      additionalContext: null,
      continue: true,
      stopReason: null,
      systemMessage: null,
    });
    expect(out.runs).toHaveLength(1);
    const run = out.runs[0]!;
    for (const key of ['source', 'file', 'matcher', 'command', 'exitCode', 'signal', 'timedOut', 'durationMs', 'stdout', 'stderr', 'outcome']) {
      expect(run).toHaveProperty(key);
    }
    expect(run).toMatchObject({
      source: 'project',
      file: sb.projectFile,
      matcher: 'Bash',
      command,
      name: 'rm guard',
      exitCode: 2,
      signal: null,
      timedOut: false,
      stdout: '',
      stderr: 'dangerous command refused',
      outcome: 'blocking_error',
    });
    expect(typeof run.durationMs).toBe('number');
    const stdin = sb.readJson('stdin.json');
    expect(stdin).toMatchObject({
      session_id: 'hooks-test',
      cwd: sb.workdir,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
    });
    expect(typeof stdin.tool_use_id).toBe('string');
    expect(out.payload).toEqual(stdin);
  });

  it('each tool has its own sample input and response, and transcript_path names a real sample transcript', async ({ expect }) => {
    const sb = new Sandbox();
    sb.writeJson(sb.userFile, { hooks: { PostToolUse: [{ hooks: [{ command: `cat > ${sq(sb.path('stdin.json'))}` }] }] } });
    const r = await sb.wave(['test', 'PostToolUse', '--workdir', sb.workdir, '--tool', 'Edit', '--json']);
    expect(r.code).toBe(0);
    const stdin = sb.readJson('stdin.json') as { tool_input: Record<string, unknown>; tool_response: Record<string, unknown>; transcript_path: string };
    expect(stdin.tool_input).toEqual({ file_path: join(sb.workdir, 'src/index.ts'), old_string: 'answer = 42', new_string: 'answer = 43' });
    expect(stdin.tool_response).toMatchObject({ filePath: join(sb.workdir, 'src/index.ts'), success: true });
    const transcript = JSON.parse(readFileSync(stdin.transcript_path, 'utf8')) as { state: { messages: Array<{ role: string }> } };
    expect(transcript.state.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const read = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Read', '--json']);
    expect((JSON.parse(read.stdout) as { payload: { tool_input: unknown } }).payload.tool_input).toEqual({ file_path: join(sb.workdir, 'src/index.ts') });
  });

  it('--input @file', async ({ expect }) => {
    const { sb } = guardSandbox();
    const inputFile = sb.write(sb.path('input.json'), JSON.stringify({ tool_input: { command: 'ls -la' }, tool_use_id: 'toolu_from_file' }));
    const r = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--input', `@${inputFile}`, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as TestOutput;
    expect(out.decision.blocked).toBe(false);
    expect(out.runs[0]).toMatchObject({ exitCode: 0, outcome: 'success', stdout: 'looks fine' });
    expect(sb.readJson('stdin.json')).toMatchObject({ tool_name: 'Bash', tool_input: { command: 'ls -la' }, tool_use_id: 'toolu_from_file' });
  });

  it('--input - reads the payload from stdin', async ({ expect }) => {
    const { sb } = guardSandbox();
    const r = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Bash', '--input', '-', '--json'], {
      input: '{"tool_input":{"command":"sudo rm -rf ~"}}\n',
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as TestOutput;
    expect(out.decision).toMatchObject({ blocked: true, reason: 'dangerous command refused' });
    expect(sb.readJson('stdin.json').tool_input).toEqual({ command: 'sudo rm -rf ~' });
  });

  it('--tool selects which hooks match', async ({ expect }) => {
    const { sb } = guardSandbox();
    const r = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Write', '--input', '{"tool_input":{"command":"rm -rf /"}}', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as TestOutput;
    expect(out.runs).toEqual([]);
    expect(out.decision.blocked).toBe(false);
    expect(existsSync(sb.path('stdin.json'))).toBe(false);
  });

  it('human output shows the run and a Decision section', async ({ expect }) => {
    const { sb, command } = guardSandbox();
    const r = await sb.wave(['test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Bash', '--input', '{"tool_input":{"command":"rm -rf /"}}']);
    expect(r.code).toBe(0);
    const text = r.stdout;
    expect(text).toMatch(/^PreToolUse {2}tool_name=Bash/);
    expect(text).toContain('stdin: {"session_id":"hooks-test"');
    expect(text).toContain('● rm guard  [project] matcher "Bash"');
    expect(text).toContain(`  $ ${command}`);
    expect(text).toMatch(/exit 2 · [\d.]+ ms · blocking error/);
    expect(text).toContain('stderr │ dangerous command refused');
    expect(text).toMatch(/\nDecision\n/);
    const decision = text.slice(text.indexOf('\nDecision\n'));
    expect(decision).toContain('BLOCKED');
    expect(decision).toContain('dangerous command refused');
  });

  it('human output for a quiet Stop hook and for an event without hooks', async ({ expect }) => {
    const sb = new Sandbox();
    sb.writeJson(sb.userFile, { hooks: { Stop: [{ hooks: [{ command: 'echo done' }] }] } });
    const stop = await sb.wave(['test', 'Stop', '--workdir', sb.workdir]);
    expect(stop.code).toBe(0);
    expect(stop.stdout).toContain('stdout │ done');
    expect(stop.stdout).toMatch(/Decision\n {2}nothing changes/);
    const none = await sb.wave(['test', 'SessionEnd', '--workdir', sb.workdir]);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('No SessionEnd hooks are configured');
    expect(none.stdout).toContain('Decision');
  });

  it('runs async hooks to the end and includes their records', async ({ expect }) => {
    const sb = new Sandbox();
    sb.writeJson(sb.userFile, {
      hooks: { UserPromptSubmit: [{ hooks: [{ command: 'sleep 0.3; echo late; exit 2', async: true }, { command: 'echo sync ctx' }] }] },
    });
    const r = await sb.wave(['test', 'UserPromptSubmit', '--workdir', sb.workdir, '--input', '{"prompt":"hi"}', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as TestOutput;
    expect(out.decision).toMatchObject({ blocked: false, additionalContext: 'sync ctx' });
    expect(out.runs.map((x) => [x.async, x.exitCode, x.stdout])).toEqual([
      [false, 0, 'sync ctx'],
      [true, 2, 'late'],
    ]);
    expect(out.payload).toMatchObject({ prompt: 'hi', user_prompt: 'hi' });
  });

  it('an unknown event: exit 2 with the list of events', async ({ expect }) => {
    const sb = new Sandbox();
    const r = await sb.wave(['test', 'PreToolUze']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('unknown event "PreToolUze"');
    for (const event of EVENT_NAMES) expect(r.stderr).toContain(event);
  });

  it('bad --input and --tool on a tool-less event are clear errors', async ({ expect }) => {
    const sb = new Sandbox();
    const bad = await sb.wave(['test', 'Stop', '--input', '{nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--input \(the text given\) is not valid JSON/);
    const tool = await sb.wave(['test', 'Stop', '--tool', 'Bash']);
    expect(tool.code).toBe(2);
    expect(tool.stderr).toMatch(/--tool applies to tool events only/);
  });
});

describe.concurrent('wave hooks validate: onFailure', () => {
  it('shows the hooks with onFailure "block", suggests it for a PreToolUse hook that runs a script, rejects another value', async ({ expect }) => {
    const sb = new Sandbox();
    const hooksDir = join(sb.workdir, '.wave', 'hooks');
    mkdirSync(hooksDir, { recursive: true });
    writeFileSync(join(hooksDir, 'guard.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const file = sb.writeJson(sb.projectFile, {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { command: '"$WAVE_PROJECT_DIR"/.wave/hooks/guard.sh', description: 'strict guard', onFailure: 'block' },
              { command: '"$WAVE_PROJECT_DIR"/.wave/hooks/guard.sh', description: 'lenient guard' },
              { command: 'jq -r .tool_input.command | grep -q rm && exit 2' },
            ],
          },
        ],
        PostToolUse: [{ hooks: [{ command: '"$WAVE_PROJECT_DIR"/.wave/hooks/guard.sh' }] }],
      },
    });
    const r = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${esc(file)}:\\d+: note: hooks\\.PreToolUse\\[0\\]\\.hooks\\[0\\]: onFailure "block": any failure of "strict guard" blocks like exit 2$`)));
    const suggestions = lines.filter((l) => l.includes(': suggestion: '));
    expect(suggestions).toEqual([
      expect.stringMatching(
        new RegExp(`^${esc(file)}:\\d+: suggestion: hooks\\.PreToolUse\\[0\\]\\.hooks\\[1\\]: this guard runs the script ${esc(hooksDir)}/guard\\.sh; if it cannot run or crashes, the call goes on: add "onFailure": "block"`),
      ),
    ]);
    const json = JSON.parse((await sb.wave(['validate', '--workdir', sb.workdir, '--json'])).stdout) as { onFailureBlock: unknown[]; suggestions: unknown[] };
    expect(json.onFailureBlock).toHaveLength(1);
    expect(json.suggestions).toHaveLength(1);
    const list = await sb.wave(['list', '--workdir', sb.workdir]);
    expect(list.stdout).toMatch(/strict guard .*onFailure block/);

    sb.writeJson(sb.projectFile, { hooks: { PreToolUse: [{ hooks: [{ command: 'true', onFailure: 'allow' }] }] } });
    const bad = await sb.wave(['validate', '--workdir', sb.workdir]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('error: hooks.PreToolUse[0].hooks[0].onFailure: onFailure must be "block"');
  });
});
