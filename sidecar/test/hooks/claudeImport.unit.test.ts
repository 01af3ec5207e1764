// The import of Claude Code hooks (hooks/import/; docs/hooks.md, "Coming from Claude Code"): what a
// Claude Code settings file's hooks become in the Wave file — events kept, each group marked
// `"parallel": true` (not WorktreeCreate's), command hooks reading the JSONL transcript, a
// description saying where they came from, hooks already there left alone — and what is not
// imported, and why. The result is read back by Wave's own settings reader, as the session reads it.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettingsFile } from '../../src/hooks/config/sources.js';
import { planImport } from '../../src/hooks/import/claudeImport.js';
import { addsAnything, importPairs, planPair } from '../../src/hooks/import/claudeImportFiles.js';

const TMP = mkdtempSync(join(tmpdir(), 'wave-import-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const ORIGIN = '.claude/settings.json';
const TO = '/p/.wave/settings.json';

/** The Wave file after the import, read as a session reads it. */
const wave = (text: string) => readSettingsFile('project', TO, { workdir: '/p', homeDir: '/h' }, text);

const claude = {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 10 }] }],
    PostToolUse: [
      {
        matcher: 'Edit|Write',
        hooks: [
          { command: 'npx prettier --write .', description: 'format' },
          { type: 'http', url: 'https://example.test/hook' },
        ],
      },
    ],
    WorktreeCreate: [{ hooks: [{ command: './make-worktree.sh' }] }],
  },
};

describe('planImport: the hooks', () => {
  it('keeps every event and matcher; marks groups parallel (not WorktreeCreate: its first path wins); command hooks read the JSONL transcript', () => {
    const plan = planImport(claude, null, TO, ORIGIN);
    expect(plan.added).toEqual([
      { event: 'PreToolUse', matcher: 'Bash', what: './guard.sh' },
      { event: 'PostToolUse', matcher: 'Edit|Write', what: 'npx prettier --write .' },
      { event: 'PostToolUse', matcher: 'Edit|Write', what: 'POST https://example.test/hook' },
      { event: 'WorktreeCreate', matcher: null, what: './make-worktree.sh' },
    ]);
    const read = wave(plan.text);
    // Read without an error (the scripts, relative and not on this disk, get the reader's warnings).
    expect(read.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(read.hooks.map((h) => [h.event, h.matcher ?? null, h.parallel ?? false, h.displayName])).toEqual([
      ['PreToolUse', 'Bash', true, `from ${ORIGIN}`],
      ['PostToolUse', 'Edit|Write', true, 'format'],
      ['PostToolUse', 'Edit|Write', true, `from ${ORIGIN}`],
      ['WorktreeCreate', null, false, `from ${ORIGIN}`],
    ]);
    const handlers = read.hooks.map((h) => h.handler as { type: string; transcript?: string; timeout?: number });
    expect(handlers.map((h) => [h.type, h.transcript ?? null])).toEqual([
      ['command', 'jsonl'],
      ['command', 'jsonl'],
      ['http', null],
      ['command', 'jsonl'],
    ]);
    expect(handlers[0]!.timeout).toBe(10);
  });

  it('an event Wave does not know is copied as written, and the Wave file says it does not run', () => {
    const plan = planImport({ hooks: { TeammateIdle: [{ hooks: [{ command: 'echo idle' }] }] } }, null, TO, ORIGIN);
    expect(plan.added).toEqual([{ event: 'TeammateIdle', matcher: null, what: 'echo idle' }]);
    const read = wave(plan.text);
    expect(read.hooks).toEqual([]);
    expect(read.problems.map((p) => [p.path, p.line !== null])).toEqual([['hooks.TeammateIdle', true]]);
    expect(read.problems[0]!.message).toContain('TeammateIdle');
  });

  it('hooks already in the Wave file (same event, matcher and command) are skipped; the rest of the file keeps its bytes', () => {
    const existing = '{\n  // mine\n  "hooks": {\n    "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "command": "./guard.sh" } ] } ]\n  }\n}\n';
    const plan = planImport(claude, existing, TO, ORIGIN);
    expect(plan.skipped).toEqual([{ event: 'PreToolUse', matcher: 'Bash', what: './guard.sh' }]);
    expect(plan.added.map((h) => h.what)).toEqual(['npx prettier --write .', 'POST https://example.test/hook', './make-worktree.sh']);
    expect(plan.text.startsWith('{\n  // mine\n  "hooks": {\n    "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "command": "./guard.sh" } ] } ]')).toBe(
      true,
    );
    // The same command under another matcher is another hook.
    const other = planImport({ hooks: { PreToolUse: [{ matcher: 'Edit', hooks: [{ command: './guard.sh' }] }] } }, existing, TO, ORIGIN);
    expect(other.added).toHaveLength(1);
    // Imported twice: the second adds nothing and leaves the text as it is.
    const again = planImport(claude, plan.text, TO, ORIGIN);
    expect(again.added).toEqual([]);
    expect(again.text).toBe(plan.text);
    expect(addsAnything(again)).toBe(false);
  });

  it('a hook of a type Wave does not run (Claude Code\'s agent) is kept as written and named by what it is, never "undefined"; the Wave file warns it is skipped', () => {
    const plan = planImport(
      { hooks: { Stop: [{ hooks: [{ type: 'agent', prompt: 'Check   that the tests pass' }, { type: 'command' }] }] } },
      null,
      TO,
      ORIGIN,
    );
    expect(plan.added).toEqual([
      { event: 'Stop', matcher: null, what: 'agent: Check that the tests pass' },
      { event: 'Stop', matcher: null, what: 'command: (nothing to run)' },
    ]);
    const read = wave(plan.text);
    expect(read.hooks).toEqual([]);
    expect(read.problems.map((p) => [p.severity, p.path])).toEqual([
      ['warning', 'hooks.Stop[0].hooks[0].type'],
      ['error', 'hooks.Stop[0].hooks[1].command'],
    ]);
  });

  it('a description of its own is kept; with no origin named, none is made up', () => {
    const plan = planImport({ hooks: { Stop: [{ hooks: [{ command: 'echo a', description: 'mine' }, { command: 'echo b' }] }] } }, null, TO);
    expect(wave(plan.text).hooks.map((h) => h.displayName)).toEqual(['mine', 'echo b']);
  });
});

describe('planImport: what comes along and what does not', () => {
  it('permission rules and env come along; every other key is listed with the reason it is not imported', () => {
    const plan = planImport(
      {
        hooks: {},
        model: 'opus',
        statusLine: { type: 'command', command: 'x' },
        disableAllHooks: true,
        somethingNew: 1,
        permissions: { allow: ['Bash(npm test:*)'], deny: ['Bash(curl:*)'], defaultMode: 'acceptEdits' },
        env: { A: '1', B: '2', N: 3 },
      },
      '{\n  "env": { "B": "other" },\n  "permissions": { "deny": ["Bash(curl:*)"] }\n}\n',
      TO,
      ORIGIN,
    );
    expect(plan.settings).toEqual([
      { key: 'permissions.allow', value: 'Bash(npm test:*)' },
      { key: 'env.A', value: '1' },
    ]);
    expect(plan.settingsThere).toEqual([{ key: 'permissions.deny', value: 'Bash(curl:*)' }]);
    expect(plan.notImported.map((n) => n.key)).toEqual(['model', 'statusLine', 'disableAllHooks', 'somethingNew', 'permissions.defaultMode', 'env.B', 'env.N']);
    const reason = Object.fromEntries(plan.notImported.map((n) => [n.key, n.reason]));
    expect(reason.disableAllHooks).toContain('turn every Wave hook off');
    expect(reason.statusLine).toBe('Wave has no status line');
    expect(reason.somethingNew).toBe('Wave has no such setting');
    expect(reason['env.B']).toBe(`${TO} sets it to another value, which is kept`);
    expect(reason['env.N']).toBe('its value is not a string');
    const read = wave(plan.text);
    expect(read.keys.env).toEqual({ B: 'other', A: '1' });
    expect(read.keys.permissions).toEqual({ deny: ['Bash(curl:*)'], allow: ['Bash(npm test:*)'] });
    expect(read.keys.disableAllHooks).toBeUndefined();
  });
});

describe('the files of an import', () => {
  it('each .claude file goes to its Wave file; descriptions name it as the user knows it; a broken file says where', () => {
    const [home, work] = [join(TMP, 'home'), join(TMP, 'work')];
    mkdirSync(join(home, '.claude'), { recursive: true });
    mkdirSync(join(work, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'echo user' }] }] } }));
    writeFileSync(join(work, '.claude', 'settings.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ command: 'echo project' }] }] } }));
    writeFileSync(join(work, '.claude', 'settings.local.json'), '{\n  "hooks": {\n');
    const pairs = importPairs(work, home);
    expect(pairs.map((p) => [p.target, p.to, p.origin])).toEqual([
      ['user', join(home, '.wave', 'settings.json'), '~/.claude/settings.json'],
      ['project', join(work, '.wave', 'settings.json'), '.claude/settings.json'],
      ['local', join(work, '.wave', 'settings.local.json'), '.claude/settings.local.json'],
    ]);
    const [user, project, local] = pairs.map(planPair);
    expect(readSettingsFile('user', user!.to, { workdir: work, homeDir: home }, user!.plan!.text).hooks.map((h) => h.displayName)).toEqual([
      'from ~/.claude/settings.json',
    ]);
    expect(project!.plan!.added).toEqual([{ event: 'Stop', matcher: null, what: 'echo project' }]);
    expect(local!.plan).toBeNull();
    expect(local!.error).toMatch(new RegExp(`^${local!.from}:\\d+:\\d+: `));
    // A file given by name goes where its name and folder say.
    expect(importPairs(work, home, join(home, '.claude', 'settings.json'))[0]!.target).toBe('user');
    expect(importPairs(work, home, join(work, 'x', 'settings.local.json'))[0]!.target).toBe('local');
  });
});
