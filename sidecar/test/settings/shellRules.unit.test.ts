// The shell parser under the permission rules and `if` (settings/shellParse.ts, rules.ts,
// docs/hooks.md, "Permission rules and `if`"): simple commands wherever they hide, any-match for
// deny/ask/if, every-match for allow (the "Always allow" rules: sidecar/test/server/permissionRule).
import { describe, expect, it } from 'vitest';
import { coveringRules, ruleMatches } from '../../src/settings/rules.js';
import { loadShellParser, parseShell } from '../../src/settings/shellParse.js';

await loadShellParser(); // loaded on first need in the product; parses are synchronous from then on

const programs = (command: string) => parseShell(command).commands.map((c) => c.words.slice(c.prefix).join(' '));
const denies = (rule: string, command: string) => ruleMatches(rule, 'Bash', 'command', command, '/p');
const covers = (rules: string[], command: string) => coveringRules(rules, 'Bash', 'command', command, '/p');

describe('parseShell', () => {
  it.each([
    ['cd x && rm -rf y', ['cd x', 'rm -rf y']],
    ['true || rm -rf y; echo a\nls | wc -l', ['true', 'rm -rf y', 'echo a', 'ls', 'wc -l']],
    ['echo $(rm a) `rm b` | (rm c)', ['echo $(rm a) `rm b`', 'rm a', 'rm b', 'rm c']],
    ['sudo -u root env A=1 command rm -rf /', ['rm -rf /']],
    ['A=1 r""m -rf "y"', ['rm -rf y']],
    ['f() { rm -rf y; }; f', ['rm -rf y', 'f']],
    ['for i in 1 2; do rm "$i"; done', ['rm "$i"']],
    ['timeout 5 nice -n 3 rm x', ['rm x']],
    ['diff <(rm a) b', ['diff <(rm a) b', 'rm a']],
  ])('%j → %j', (command, expected) => {
    expect(programs(command)).toEqual(expected);
    expect(parseShell(command).complete).toBe(true);
  });

  it('a syntax error is incomplete; redirection targets are the files written, a descriptor copy is not', () => {
    expect(parseShell('echo "unclosed').complete).toBe(false);
    expect(parseShell('a && ').complete).toBe(false);
    expect(parseShell('echo a > f 2>&1 >> g &> "h i" < in').writes).toEqual(['f', 'g', 'h i']);
  });
});

describe('rules over simple commands', () => {
  it('deny, ask and if: any simple command, with or without its prefixes', () => {
    for (const c of ['cd x && rm -rf y', 'true && rm -rf y', 'echo ok && rm -rf y', 'echo $(rm -rf y)', 'sudo rm -rf y', 'env X=1 rm y', '(rm y)'])
      expect(denies('Bash(rm:*)', c), c).toBe(true);
    expect(denies('Bash(sudo rm:*)', 'sudo rm -rf y')).toBe(true);
    expect(denies('Bash(rm:*)', 'echo rm')).toBe(false);
    expect(denies('Bash(rm:*)', 'rmdir x')).toBe(false);
  });

  it('allow: every simple command covered, as written with its prefixes; a command that does not parse never', () => {
    expect(covers(['Bash(cd:*)', 'Bash(echo:*)', 'Bash(true:*)'], 'cd x && rm -rf y')).toBeNull();
    expect(covers(['Bash(echo:*)'], 'echo ok && rm -rf y')).toBeNull();
    expect(covers(['Bash(echo:*)'], 'echo $(rm -rf y)')).toBeNull();
    expect(covers(['Bash(cd:*)', 'Bash(npm test:*)'], 'cd x && npm test')).toEqual(['Bash(cd:*)', 'Bash(npm test:*)']);
    expect(covers(['Bash(rm:*)'], 'sudo rm -rf /')).toBeNull();
    expect(covers(['Bash(npm test:*)'], 'NODE_OPTIONS=--require=evil npm test')).toBeNull();
    expect(covers(['Bash(echo *)'], 'echo "unclosed')).toBeNull();
    expect(covers(['Bash(git * --force)'], 'git push --force')).toEqual(['Bash(git * --force)']);
    expect(covers(['Bash'], 'anything && at all')).toEqual(['Bash']);
    // An exact rule is the whole command it names, nothing more.
    expect(covers(['Bash(cd x && npm test)'], 'cd x && npm test')).toEqual(['Bash(cd x && npm test)']);
    expect(covers(['Bash(cd x)'], 'cd x && rm -rf y')).toBeNull();
  });

  it('path patterns without a slash match the file name at any depth; with one they are anchored', () => {
    const path = (rule: string, p: string) => ruleMatches(rule, 'Write', 'path', p, '/p');
    expect(path('Write(.env*)', '/p/sub/.env')).toBe(true);
    expect(path('Write(.env*)', '/p/a/b/.env.local')).toBe(true);
    expect(path('Write(*.pem)', '/p/keys/id.pem')).toBe(true);
    expect(path('Write(.env*)', '/p/sub/env')).toBe(false);
    expect(path('Write(./.env)', '/p/sub/.env')).toBe(false);
    expect(path('Write(src/**)', '/p/src/a.ts')).toBe(true);
    expect(path('Write(src/**)', '/p/lib/src/a.ts')).toBe(false);
  });
});
