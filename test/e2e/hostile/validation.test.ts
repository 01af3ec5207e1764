// Hostile settings files (issue 11; docs/hooks.md, Validation): what an attack on the loader found,
// each reproduced with the real `wave hooks validate|test|list` executable on a real file. Every
// defect is an error naming the file, the JSON path and the line, never a crash, and the hooks that
// are fine still load and run.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupSandboxes, ensureBuilt, group, Sandbox, scenario, sq } from '../harness.js';
import { hooksTest, rawSettings, validate, wave } from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

const hook = (command: string, extra = '') => `{ "type": "command", "command": ${JSON.stringify(command)}${extra} }`;

describe.concurrent('duplicate keys (item 1)', () => {
  it('two "PreToolUse" keys: an error at the second key with its line, the JSON path and the first one’s line; the last block is the one that loads', async () => {
    const sb = new Sandbox();
    const file = rawSettings(
      sb,
      [
        '{',
        '  "hooks": {',
        `    "PreToolUse": [ { "matcher": "Bash", "hooks": [ ${hook('echo hidden')} ] } ],`,
        `    "Stop": [ { "hooks": [ ${hook('echo stop')} ] } ],`,
        `    "PreToolUse": [ { "matcher": "Bash", "hooks": [ ${hook('echo visible')} ] } ]`,
        '  }',
        '}',
      ].join('\n'),
    );
    const v = await validate(sb);
    expect(v.code).toBe(1);
    const dup = v.problems.find((p) => /duplicate key/.test(p.message));
    expect(dup).toMatchObject({ severity: 'error', file, path: 'hooks.PreToolUse', line: 5, column: 5 });
    expect(dup!.message).toContain('also at line 3');
    // The hook that loads is the one JSON keeps (the last), and its line is its own, not the first block's.
    const list = JSON.parse((await wave(sb, ['hooks', 'list', '--workdir', sb.workdir, '--json'])).stdout) as { hooks: Array<{ handler: { command: string }; line: number }> };
    expect(list.hooks.map((h) => [h.handler.command, h.line])).toEqual([
      ['echo visible', 5],
      ['echo stop', 4],
    ]);
  });

  it('a key repeated inside a handler (two "command"s) is reported too, at its own line', async () => {
    const sb = new Sandbox();
    const file = rawSettings(sb, `{"hooks":{"Stop":[{"hooks":[{\n"type":"command",\n"command":"echo a",\n"command":"echo b"}]}]}}`);
    const v = await validate(sb);
    expect(v.problems).toContainEqual(expect.objectContaining({ severity: 'error', file, path: 'hooks.Stop[0].hooks[0].command', line: 4 }));
  });

  it('wave -p --settings with a repeated key: a usage error naming the key and both lines', async () => {
    const sb = new Sandbox();
    const r = await wave(sb, ['-p', 'hi', '--settings', '{\n"hooks": {},\n"hooks": {}\n}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('wave: --settings: duplicate key hooks at line 3 (also at line 2): only the last one would count\n');
  });
});

describe.concurrent('NUL bytes (item 2)', () => {
  it('a NUL in a command: a validation error at its path; the other hooks of the event still run and `hooks test` exits 0', async () => {
    const sb = new Sandbox();
    const file = sb.settings({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo a\u0000b' }, { type: 'command', command: 'echo second' }] }] },
    }).projectSettings;
    const v = await validate(sb);
    expect(v.problems).toContainEqual(expect.objectContaining({ severity: 'error', file, path: 'hooks.PreToolUse[0].hooks[0].command', line: 9 }));
    expect(v.problems.find((p) => p.path.endsWith('command'))!.message).toMatch(/NUL byte/);
    const { run, out } = await hooksTest(sb, 'PreToolUse', ['--tool', 'Bash']);
    expect(run.code).toBe(0);
    expect(out.runs.map((r) => [r.command, r.outcome, r.stdout])).toEqual([['echo second', 'success', 'second']]);
  });

  it('wave -p with such a hook: the turn runs, the other hook of the event ran, exit 0 (not 1 with no output)', async () => {
    const { sb, run, json } = await scenario({
      settings: (sb) => ({ hooks: { UserPromptSubmit: [group(['echo a\u0000b', `touch ${sq(sb.outFile('second-ran'))}`])] } }),
      script: [{ text: 'the answer' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('the answer');
    expect(existsSync(sb.outFile('second-ran'))).toBe(true);
  });

  it('a NUL in an env value: a validation error naming the variable, which alone is left out; the hooks still start with the other variables', async () => {
    const sb = new Sandbox();
    const file = sb.settings({ env: { BAD: 'x\u0000y', GOOD: 'kept' }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo still-runs "$GOOD" "${BAD-unset}"' }] }] } }).projectSettings;
    const v = await validate(sb);
    expect(v.problems).toContainEqual(expect.objectContaining({ severity: 'error', file, path: 'env.BAD', line: 3 }));
    expect(v.problems.find((p) => p.path === 'env.BAD')!.message).toContain('this variable is left out of the environment');
    const { run, out } = await hooksTest(sb, 'Stop');
    expect(run.code).toBe(0);
    expect(out.runs.map((r) => [r.outcome, r.stdout])).toEqual([['success', 'still-runs kept unset']]);
  });
});

describe.concurrent('timeout cap (item 3)', () => {
  it('timeout 1e9 is a validation error (at most 86,400 s), and 86,400 is accepted', async () => {
    const sb = new Sandbox();
    const file = sb.settings({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo huge', timeout: 1e9 }, { type: 'command', command: 'echo day', timeout: 86_400 }] }] },
    }).projectSettings;
    const v = await validate(sb);
    expect(v.problems).toEqual([expect.objectContaining({ severity: 'error', file, path: 'hooks.Stop[0].hooks[0].timeout', line: 9 })]);
    expect(v.problems[0]!.message).toMatch(/at most 86400 seconds/);
    const { out } = await hooksTest(sb, 'Stop');
    expect(out.runs.map((r) => [r.stdout, r.outcome])).toEqual([['day', 'success']]);
  });
});

describe.concurrent('size and nesting (items 5 and 9)', () => {
  it('a settings file over 5 MB is not read: one error naming the file and the limit', async () => {
    const sb = new Sandbox();
    const file = rawSettings(sb, `{"hooks":{},"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    const v = await validate(sb);
    expect(v.code).toBe(1);
    expect(v.problems).toEqual([expect.objectContaining({ severity: 'error', file, path: '' })]);
    expect(v.problems[0]!.message).toMatch(/5\.0 MB, over the 5\.0 MB limit of a settings file/);
  });

  it('6,000 levels of nesting under an unknown key: an error with line and column, not "Maximum call stack size exceeded"', async () => {
    const sb = new Sandbox();
    const file = rawSettings(sb, `{\n  "deep": ${'['.repeat(6000)}${']'.repeat(6000)},\n  "hooks": {}\n}`);
    const v = await validate(sb);
    expect(v.run.stderr).not.toMatch(/call stack/);
    expect(v.problems).toEqual([expect.objectContaining({ severity: 'error', file, line: 2, column: 522 })]);
    expect(v.problems[0]!.message).toMatch(/nested deeper than 512 levels/);
  });

  it('a 35,000-character matcher: an error at the matcher, and `hooks test` runs the other hooks (no "Regular expression too large")', async () => {
    const sb = new Sandbox();
    const file = sb.settings({
      hooks: { PreToolUse: [{ matcher: `${'A'.repeat(35_000)}|(a)`, hooks: [{ type: 'command', command: 'echo huge' }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo fine' }] }] },
    }).projectSettings;
    const v = await validate(sb);
    expect(v.run.stderr).toBe('');
    expect(v.problems).toEqual([expect.objectContaining({ severity: 'error', file, path: 'hooks.PreToolUse[0].matcher', line: 5 })]);
    const { run, out } = await hooksTest(sb, 'PreToolUse', ['--tool', 'Bash']);
    expect(run.stderr).toBe('');
    expect(out.runs.map((r) => r.stdout)).toEqual(['fine']);
  });

  it('8,000 hooks in one file load, each with its own line (how fast: bench/settingsLoad.ts)', async () => {
    const sb = new Sandbox();
    const groups = Array.from({ length: 8000 }, (_, i) => ({ matcher: 'Bash', hooks: [{ type: 'command', command: `echo ${i}` }] }));
    sb.settings({ hooks: { PreToolUse: groups } });
    const v = await validate(sb);
    expect(v).toMatchObject({ code: 0, hooks: 8000, problems: [] });
  });
});

describe.concurrent('a UTF-8 BOM (item 10)', () => {
  it('is stripped: the file loads, positions are those an editor shows', async () => {
    const sb = new Sandbox();
    const out = sb.outFile('bom-ran');
    rawSettings(sb, `\uFEFF{\n  "hooks": { "Stop": [ { "hooks": [ ${hook(`touch ${sq(out)}`)} ] } ] },\n  "env": { "X": 1 }\n}\n`);
    const v = await validate(sb);
    expect(v.problems).toEqual([expect.objectContaining({ path: 'env.X', line: 3, column: 17 })]);
    expect(v.hooks).toBe(1);
    const { run } = await hooksTest(sb, 'Stop');
    expect(run.code).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
});
