// Every `wave` command and sub-command takes -h / --help (its usage and the WAVE_* environment,
// exit 0) and answers an unknown flag with a usage error (exit 2); `wave --version` prints the
// version. The real executable.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WAVE = fileURLToPath(new URL('../../bin/wave.js', import.meta.url));
const wave = (args: string[]) => spawnSync(process.execPath, [WAVE, ...args], { encoding: 'utf8', env: { ...process.env, HOME: '/nonexistent-home' } });

const COMMANDS = [['-p', 'x'], ['serve'], ['hooks', 'list'], ['hooks', 'validate'], ['hooks', 'test', 'Stop'], ['hooks', 'runs'], ['hooks', 'stats'], ['hooks', 'import'], ['plugins']];

describe.concurrent('wave --help and usage errors', () => {
  it.each(COMMANDS)('%s %s --help: usage with the environment, exit 0; an unknown flag: exit 2', (...cmd) => {
    const help = wave([...cmd, '--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage:/);
    expect(help.stdout).toContain('WAVE_BASE_URL');
    const bad = wave([...cmd, '--no-such-flag']);
    expect(bad.status, bad.stderr).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--no-such-flag'\nusage:/);
  });

  it('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string };
    expect(wave(['--version']).stdout).toBe(`wave ${pkg.version}\n`);
  });
});
