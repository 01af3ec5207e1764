// The permission policy (agent/permissions.ts): rules, modes and what a PreToolUse hook said, and
// the text a headless run gives the model when nobody can be asked.
import { describe, expect, it } from 'vitest';
import { askForOwnFiles, decidePermission, headlessDenial, ruleMatches, type PermissionQuery } from '../../src/agent/permissions.js';
import { loadShellParser } from '../../src/settings/shellParse.js';

await loadShellParser(); // loaded on first need in the product; parses are synchronous from then on

const q = (over: Partial<PermissionQuery>): PermissionQuery => ({
  toolName: 'Bash',
  access: 'execute',
  content: 'npm test',
  mode: 'default',
  rules: { allow: [], deny: [], ask: [] },
  workdir: '/p',
  hookDecision: null,
  ...over,
});

describe('decidePermission', () => {
  it('each mode: default asks before edits and commands, acceptEdits allows edits, plan allows reads only, bypass allows all', () => {
    const v = (mode: PermissionQuery['mode'], access: PermissionQuery['access']) => decidePermission(q({ mode, access })).behavior;
    expect([v('default', 'read'), v('default', 'edit'), v('default', 'execute')]).toEqual(['allow', 'ask', 'ask']);
    expect([v('acceptEdits', 'edit'), v('acceptEdits', 'execute')]).toEqual(['allow', 'ask']);
    expect([v('plan', 'read'), v('plan', 'edit'), v('plan', 'execute')]).toEqual(['allow', 'deny', 'deny']);
    expect([v('bypassPermissions', 'edit'), v('bypassPermissions', 'execute')]).toEqual(['allow', 'allow']);
  });

  it('a deny rule wins over everything; a hook allow never overrides an ask rule or a hook ask', () => {
    const rules = { allow: ['Bash'], deny: ['Bash(rm:*)'], ask: ['Bash(npm publish:*)'] };
    expect(decidePermission(q({ rules, content: 'rm -rf x', hookDecision: 'allow', mode: 'bypassPermissions' }))).toMatchObject({ behavior: 'deny', why: 'denied by the rule "Bash(rm:*)" in settings' });
    expect(decidePermission(q({ rules, content: 'npm publish', hookDecision: 'allow' }))).toMatchObject({ behavior: 'ask', by: 'rule', rule: 'Bash(npm publish:*)' });
    expect(decidePermission(q({ hookDecision: 'ask', hookReason: 'a human please', mode: 'bypassPermissions' }))).toMatchObject({ behavior: 'ask', by: 'hook', why: 'a human please' });
    expect(decidePermission(q({ hookDecision: 'allow' }))).toMatchObject({ behavior: 'allow', why: 'allowed by a PreToolUse hook' });
    expect(decidePermission(q({ rules }))).toMatchObject({ behavior: 'allow', why: 'allowed by the rule "Bash" in settings' });
  });

  it('rules: a command prefix with :*, globs, paths relative to the workdir', () => {
    expect(ruleMatches('Bash(npm test:*)', 'Bash', 'command', 'npm test --silent', '/p')).toBe(true);
    expect(ruleMatches('Bash(npm test:*)', 'Bash', 'command', 'npm testing', '/p')).toBe(false);
    expect(ruleMatches('Bash(git * --force)', 'Bash', 'command', 'git push --force', '/p')).toBe(true);
    expect(ruleMatches('Edit(src/**)', 'Edit', 'path', '/p/src/a/b.ts', '/p')).toBe(true);
    expect(ruleMatches('Edit(src/**)', 'Edit', 'path', '/q/src/a.ts', '/p')).toBe(false);
    expect(ruleMatches('Edit', 'Write', 'path', '/p/a', '/p')).toBe(false);
  });
});

describe("Wave's own files", () => {
  it('ask in every mode but bypassPermissions, whatever allowed the call; a deny stays a deny', () => {
    const files = 'a Wave settings file (/p/.wave/settings.json)';
    const allowed = decidePermission(q({ rules: { allow: ['Bash'], deny: [], ask: [] }, content: 'echo {} > .wave/settings.json' }));
    expect(askForOwnFiles(allowed, 'Bash', files, 'acceptEdits')).toMatchObject({ behavior: 'ask', by: 'ownFile', files });
    expect(askForOwnFiles(allowed, 'Bash', files, 'bypassPermissions')).toBe(allowed);
    expect(askForOwnFiles(allowed, 'Bash', '', 'default')).toBe(allowed);
    const denied = { behavior: 'deny', why: 'no' } as const;
    expect(askForOwnFiles(denied, 'Bash', files, 'default')).toBe(denied);
  });

  it('headless: denied with the reason, naming the files and that no rule changes it', () => {
    const text = headlessDenial('Write', '/p/.wave/settings.json', { behavior: 'ask', by: 'ownFile', files: 'a Wave settings file (/p/.wave/settings.json)', why: 'x' }, 'acceptEdits', 'edit');
    expect(text).toContain("It changes Wave's own files (a Wave settings file (/p/.wave/settings.json))");
    expect(text).toContain('every permission mode but bypassPermissions, whatever the rules allow');
  });
});

describe('headlessDenial', () => {
  const ask = (by: 'hook' | 'rule' | 'mode') =>
    by === 'rule' ? ({ behavior: 'ask', by, rule: 'Bash(npm publish:*)', why: 'the rule asks' } as const) : ({ behavior: 'ask', by, why: by === 'hook' ? 'needs a human' : 'Bash needs approval' } as const);

  it('a hook asked: says that headless runs deny it, and names no mode', () => {
    const text = headlessDenial('Bash', 'npm publish', ask('hook'), 'bypassPermissions', 'execute');
    expect(text).toContain('A PreToolUse hook asked for confirmation (needs a human)');
    expect(text).not.toContain('--permission-mode');
  });

  it('a rule asked: names the rule', () => {
    expect(headlessDenial('Bash', 'npm publish', ask('rule'), 'default', 'execute')).toContain('The rule "Bash(npm publish:*)"');
  });

  it('the mode asked: names only modes that would allow it, never the current one, and the allow rule', () => {
    expect(headlessDenial('Edit', '/p/a', ask('mode'), 'default', 'edit')).toContain('--permission-mode acceptEdits or bypassPermissions, or a "permissions": { "allow": ["Edit"] }');
    const bash = headlessDenial('Bash', 'npm publish --tag next', ask('mode'), 'acceptEdits', 'execute');
    expect(bash).toContain('--permission-mode bypassPermissions');
    expect(bash).not.toContain('acceptEdits');
    expect(bash).toContain('"allow": ["Bash(npm publish:*)"]');
  });
});
