// Validation of hook configuration (SPEC 1.3): one schema for every source, bad entries dropped
// alone with file + JSON path + line + reason, invalid JSON with line and column.
import { describe, expect, it } from 'vitest';
import { readHooksConfig } from '../../src/hooks/config/config.js';
import { EVENT_NAMES } from '../../src/hooks/contract/events.js';
import { HandlerSchema, SettingsSchema, settingsJsonSchema } from '../../src/hooks/config/schema.js';
import { formatJsonPath, parseJsonText } from '../../src/settings/jsonFile.js';

function read(text: string) {
  const file = parseJsonText('/p/.wave/settings.json', text);
  if (file.parseError) throw new Error('fixture must parse');
  const value = file.value as { hooks?: unknown };
  return readHooksConfig(value.hooks, { source: 'project', file: file.path, basePath: ['hooks'], locate: file.locate });
}

describe('readHooksConfig', () => {
  it('reads a Claude Code settings file unchanged', () => {
    const { hooks, problems } = read(`{
      "hooks": { "PreToolUse": [ { "matcher": "Edit|Write",
        "hooks": [ { "type": "command", "command": "npx prettier --write \\"$WAVE_PROJECT_DIR\\"",
                     "timeout": 30, "async": false, "description": "format after edits" } ] } ] } }`);
    expect(problems).toEqual([]);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      event: 'PreToolUse',
      source: 'project',
      file: '/p/.wave/settings.json',
      matcher: 'Edit|Write',
      jsonPath: 'hooks.PreToolUse[0].hooks[0]',
      displayName: 'format after edits',
      handler: { type: 'command', timeout: 30, async: false },
      line: 3,
    });
  });

  it('treats a missing type as command and falls back from description to name to the command', () => {
    const { hooks } = read(`{"hooks":{"Stop":[{"hooks":[
      {"command":"echo done"},
      {"command":"echo two","name":"Second"},
      {"command":"echo   three\\n  more lines here that are long enough to be cut somewhere past sixty characters"}]}]}}`);
    expect(hooks.map((h) => h.displayName)).toEqual([
      'echo done',
      'Second',
      'echo three more lines here that are long enough to be cut s…',
    ]);
    expect(hooks.every((h) => h.handler.type === 'command')).toBe(true);
  });

  it('drops a bad entry alone and names file, JSON path, line and reason', () => {
    const { hooks, problems } = read(`{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [
        { "command": "ok-1" },
        { "command": "", "timeout": -5 },
        { "type": "webhook", "url": "x" },
        { "timeout": 3 },
        "not an object",
        { "command": "ok-2", "async": "yes" }
      ] },
      { "matcher": 42, "hooks": [ { "command": "skipped" } ] },
      { "matcher": "Read", "hooks": "nope" },
      { "hooks": [ { "command": "ok-3" } ] }
    ]
  }
}`);
    expect(hooks.map((h) => h.summary)).toEqual(['ok-1', 'ok-3']);
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p]));
    expect(byPath['hooks.PreToolUse[0].hooks[1].command']).toMatchObject({ severity: 'error', message: 'command must not be empty', line: 6 });
    expect(byPath['hooks.PreToolUse[0].hooks[1].timeout']?.message).toBe('timeout must be a positive number of seconds');
    expect(byPath['hooks.PreToolUse[0].hooks[2].type']?.message).toBe('unsupported hook type "webhook": one of "command", "http", "prompt", "mcp_tool"');
    expect(byPath['hooks.PreToolUse[0].hooks[3].command']?.message).toBe('command is required');
    expect(byPath['hooks.PreToolUse[0].hooks[4]']?.message).toMatch(/must be an object/);
    expect(byPath['hooks.PreToolUse[0].hooks[5].async']?.message).toBe('async must be true or false');
    expect(byPath['hooks.PreToolUse[1].matcher']).toMatchObject({ severity: 'error', line: 12 });
    expect(byPath['hooks.PreToolUse[2].hooks']?.severity).toBe('error');
    expect(problems.every((p) => p.file === '/p/.wave/settings.json')).toBe(true);
  });

  it('warns, without failing, about unknown events, matchers on matcher-less events, and Claude Code types and fields Wave does not run', () => {
    const { hooks, problems } = read(`{"hooks":{
      "Bogus":[{"hooks":[{"command":"x"}]}],
      "TeammateIdle":[{"hooks":[{"command":"t"}]}],
      "Stop":[{"matcher":"Bash","hooks":[{"command":"stop-hook"},{"command":"r","asyncRewake":true},{"type":"agent","prompt":"p"},{"command":"c","if":"Bash(git *)"}]}]}}`);
    expect(hooks.map((h) => [h.event, h.summary, h.matcher])).toEqual([
      ['Stop', 'stop-hook', undefined],
      ['Stop', 'r', undefined],
      ['Stop', 'c', undefined],
    ]);
    expect(problems.map((p) => [p.severity, p.path])).toEqual([
      ['warning', 'hooks.Bogus'],
      ['warning', 'hooks.TeammateIdle'],
      ['warning', 'hooks.Stop[0].matcher'],
      ['warning', 'hooks.Stop[0].hooks[2].type'],
      ['warning', 'hooks.Stop[0].hooks[3].if'],
    ]);
    expect(problems[1]!.message).toBe('TeammateIdle is a Claude Code event that Wave does not fire: its hooks never run');
    expect(problems[3]!.message).toMatch(/hook type "agent" is not supported by Wave/);
    expect(problems[4]!.message).toBe('"if" applies to tool events only; on Stop it is ignored');
    expect(problems[0]!.message).toContain('unknown event "Bogus"');
    expect(problems[2]!.message).toBe('Stop takes no matcher; "Bash" is ignored');
  });

  it('rejects a hooks value that is not an object, and an event value that is not an array', () => {
    expect(read('{"hooks": []}').problems[0]).toMatchObject({ path: 'hooks', severity: 'error' });
    expect(read('{"hooks": {"Stop": {}}}').problems[0]).toMatchObject({ path: 'hooks.Stop', severity: 'error' });
  });

  it('gives programmatic hooks ids and the <programmatic> file name', () => {
    const { hooks, problems } = readHooksConfig({ Stop: [{ hooks: [{ type: 'command', command: 'echo done' }, { command: '' }] }] }, {
      source: 'programmatic',
      file: null,
      basePath: ['hooks'],
    });
    expect(hooks[0]!.id).toBe('programmatic:<programmatic>#Stop/0/0');
    expect(problems[0]).toMatchObject({ file: '<programmatic>', path: 'hooks.Stop[0].hooks[1].command' });
  });
});

describe('parseJsonText', () => {
  it('reports invalid JSON with line and column', () => {
    const f = parseJsonText('/x.json', '{\n  "hooks": {\n    "Stop": [,]\n  }\n}');
    expect(f.parseError).toEqual({ line: 3, column: 14, message: 'value expected' });
    expect(f.value).toBeUndefined();
  });

  it('tolerates comments but not trailing commas, and reports an empty file', () => {
    expect(parseJsonText('/x', '// hi\n{"a": 1 /* c */}').value).toEqual({ a: 1 });
    expect(parseJsonText('/x', '{"a": 1,}').parseError?.line).toBe(1);
    expect(parseJsonText('/x', '  \n').parseError?.message).toBe('the file is empty');
  });

  it('formats JSON paths', () => {
    expect(formatJsonPath(['hooks', 'PreToolUse', 0, 'hooks', 1, 'command'])).toBe('hooks.PreToolUse[0].hooks[1].command');
    expect(formatJsonPath(['env', 'MY-VAR'])).toBe('env["MY-VAR"]');
  });
});

describe('the one schema', () => {
  it('accepts every documented handler field and keeps unknown keys', () => {
    const r = HandlerSchema.safeParse({ type: 'command', command: 'x', commandWindows: 'y', timeout: 1.5, async: true, description: 'd', name: 'n', extra: 1 });
    expect(r.success).toBe(true);
  });

  it('validates the non-hook keys hooks depend on', () => {
    expect(SettingsSchema.safeParse({ env: { A: 1 } }).success).toBe(false);
    expect(SettingsSchema.safeParse({ disableAllHooks: 'yes' }).success).toBe(false);
    expect(SettingsSchema.safeParse({ permissions: { allow: ['Bash(npm test:*)'] }, model: 'x' }).success).toBe(true);
  });

  it('exports a JSON Schema naming every event of the table', () => {
    const schema = settingsJsonSchema() as { properties: { hooks: { properties: Record<string, unknown> } }; $defs: Record<string, unknown> };
    expect(Object.keys(schema.properties.hooks.properties)).toContain('PreToolUse');
    expect(Object.keys(schema.properties.hooks.properties)).toEqual(EVENT_NAMES);
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['HookHandler', 'HookMatcherGroup']));
  });
});
