// The words of the command line (docs/hooks.md, "Sources and run order"): every command names a
// hook's source with the same label — `wave hooks list`, `wave hooks test` (what ran and what did
// not) and `wave hooks stats` — the plugin's name with a plugin hook; counts take their noun in
// the singular for one ("1 hook loaded; 1 error"); a trailing comma is named as such, at the comma.
// The real `wave` executable, a temporary HOME and workdir, real hook processes.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const WAVE = join(REPO, 'sidecar', 'bin', 'wave.js');
const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-words-')));

beforeAll(() => {
  if (!existsSync(join(REPO, 'sidecar', 'dist', 'cli', 'main.js'))) throw new Error('sidecar/dist is missing: run the tests with vitest or npm test');
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function sandbox() {
  const root = mkdtempSync(join(TMP, 'sb-'));
  const home = join(root, 'home');
  const workdir = join(root, 'work');
  const write = (file: string, value: unknown) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
    return file;
  };
  mkdirSync(workdir, { recursive: true });
  const wave = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [WAVE, ...args], {
        cwd: workdir,
        env: { ...process.env, HOME: home, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  return { home, workdir, write, wave };
}

const bash = (command: string, description: string) => ({ matcher: 'Bash', hooks: [{ type: 'command', command, description }] });

describe('one label per source', () => {
  it('wave hooks list, wave hooks test and wave hooks stats name the sources alike: user, project, project (local), plugin <name>', async () => {
    const sb = sandbox();
    sb.write(join(sb.home, '.wave', 'settings.json'), {
      hooks: { PreToolUse: [bash('true user', 'user guard'), { matcher: 'Edit', hooks: [{ type: 'command', command: 'true', description: 'edit only' }] }] },
    });
    sb.write(join(sb.workdir, '.wave', 'settings.json'), { hooks: { PreToolUse: [bash('true project', 'project guard')] } });
    sb.write(join(sb.workdir, '.wave', 'settings.local.json'), { hooks: { PreToolUse: [bash('true local', 'local guard')] } });
    sb.write(join(sb.home, '.wave', 'plugins', 'kit', 'hooks', 'hooks.json'), { description: 'kit', hooks: { PreToolUse: [bash('true kit', 'kit guard')] } });

    const list = await sb.wave(['hooks', 'list', '--workdir', sb.workdir]);
    expect(list.code).toBe(0);
    for (const [name, label] of [
      ['user guard', 'user'],
      ['project guard', 'project'],
      ['local guard', 'project (local)'],
      ['kit guard', 'plugin kit'],
    ]) {
      expect(list.stdout).toContain(`${name}  [${label}]`);
    }
    const test = await sb.wave(['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--tool', 'Bash']);
    expect(test.code).toBe(0);
    expect(test.stdout).toContain('● local guard  [project (local)] matcher "Bash"');
    expect(test.stdout).toContain('● kit guard  [plugin kit] matcher "Bash"');
    expect(test.stdout).toContain('● project guard  [project] matcher "Bash"');
    expect(test.stdout).toContain('○ edit only  [user]: matcher "Edit" does not match "Bash"');
    expect(test.stdout).not.toContain('[projectLocal]');
    const stats = await sb.wave(['hooks', 'stats']);
    expect(stats.stdout).toContain('[project (local)]');
    expect(stats.stdout).not.toContain('[projectLocal]');
    expect(stats.stdout).toMatch(/\n {2}1 run · /);
    expect(stats.stdout).not.toMatch(/\n {2}1 runs /);
  });
});

describe('counts', () => {
  it('one hook, one error and one problem are singular; more are plural', async () => {
    const sb = sandbox();
    sb.write(join(sb.home, '.wave', 'settings.json'), { hooks: { PreToolUse: [bash('true', 'guard'), { matcher: 'Bash', hooks: [{ type: 'command' }] }] } });
    const one = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
    expect(one.stdout).toContain('1 hook loaded; 1 error, 0 warnings');
    const list = await sb.wave(['hooks', 'list', '--workdir', sb.workdir]);
    expect(list.stdout).toContain('1 problem (1 error): run `wave hooks validate` for details.');
  });
});

describe('a trailing comma', () => {
  it('is named as such, at the line and column of the comma', async () => {
    const sb = sandbox();
    const file = sb.write(
      join(sb.workdir, '.wave', 'settings.json'),
      '{\n  "hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "true" } ] }, ]\n  }\n}\n',
    );
    const r = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
    expect(r.code).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toContain(`${file}:3:`);
    expect(`${r.stdout}${r.stderr}`).toContain('trailing comma before "]": JSON allows none, remove this ","');
  });
});
