// One simple command of a parsed Bash command (shellParse.ts) in words: quotes removed where a word
// is plain text (`r""m` is `rm`), the raw text where the shell alone knows the value (`$X`, `$(…)`;
// the commands inside a `$(…)` are simple commands of their own),
// and the prefixes the shell or a program looks through to the command that really runs
// (`X=1`, `env`, `sudo`, `command`, `time`, `nohup`, `exec`, `nice`, `timeout`, `builtin`).
import type { Node as SyntaxNode } from '@vscode/tree-sitter-wasm';

export interface SimpleCommand {
  /** Every word, prefixes included (`sudo rm -rf y`). */
  words: string[];
  /** How many of `words` are prefixes before the program (`sudo`: 1; `env -i A=1`: 3). */
  prefix: number;
  /** Leading `NAME=value` assignments (`A=1 rm y`), not part of `words`. */
  assignments: string[];
}

/** `\x` → `x` outside quotes. */
function unescapeWord(text: string): string {
  return text.replace(/\\(.)/gs, '$1').replace(/\\\n/g, '');
}

/** The value of a word when it is plain text (quotes removed), or null when the shell computes it. */
export function wordValue(node: SyntaxNode): string | null {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'command_name':
      if (node.type === 'command_name') return node.namedChildren[0] ? wordValue(node.namedChildren[0]) : null;
      return unescapeWord(node.text);
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      if (node.namedChildren.some((c) => c && c.type !== 'string_content')) return null;
      return node.text.slice(1, -1).replace(/\\([$`"\\\n])/g, '$1');
    }
    case 'concatenation': {
      let out = '';
      for (const c of node.namedChildren) {
        const v = c ? wordValue(c) : null;
        if (v === null) return null;
        out += v;
      }
      // a concatenation's unnamed parts (a bare `"` pair has none) are quotes only
      return out;
    }
    default:
      return null;
  }
}

/** Options of the prefix programs that take a value of their own (`sudo -u root`, `nice -n 5`). */
const PREFIXES: Record<string, { valued: Set<string>; positional?: number }> = {
  env: { valued: new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']) },
  sudo: { valued: new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '-T', '--user', '--group', '--host', '--prompt']) },
  doas: { valued: new Set(['-u', '-C']) },
  command: { valued: new Set() },
  builtin: { valued: new Set() },
  exec: { valued: new Set(['-a']) },
  nohup: { valued: new Set() },
  time: { valued: new Set(['-f', '-o', '--format', '--output']) },
  nice: { valued: new Set(['-n', '--adjustment']) },
  timeout: { valued: new Set(['-s', '--signal', '-k', '--kill-after']), positional: 1 },
  stdbuf: { valued: new Set(['-i', '-o', '-e']) },
};

/** How many words from `at` belong to the prefix program named there (its name, options, values, `env`'s assignments). */
function prefixLength(words: string[], at: number): number {
  const spec = PREFIXES[words[at]!];
  if (!spec) return 0;
  let i = at + 1;
  let positional = spec.positional ?? 0;
  while (i < words.length) {
    const w = words[i]!;
    if (w === '--') return i + 1 - at;
    if (spec.valued.has(w)) i += 2;
    else if (w.startsWith('-') && w.length > 1) i += 1;
    else if (words[at] === 'env' && /^[A-Za-z_]\w*=/.test(w)) i += 1;
    else if (positional > 0) {
      positional--;
      i += 1;
    } else break;
  }
  return i - at;
}

export function simpleCommandOf(node: SyntaxNode): SimpleCommand {
  const assignments: string[] = [];
  const words: string[] = [];
  if (node.type === 'declaration_command' || node.type === 'unset_command') {
    // `export A='x y'`, `unset X`: the keyword, then each assignment or name as written
    const keyword = node.children[0]?.type ?? '';
    const rest = node.namedChildren.map((c) => (c ? (c.type === 'variable_assignment' ? c.text : (wordValue(c) ?? c.text)) : ''));
    return { words: [keyword, ...rest], prefix: 0, assignments };
  }
  if (node.type !== 'command') return { words: node.text.split(/\s+/).filter(Boolean), prefix: 0, assignments }; // `[[ … ]]`
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment') assignments.push(child.text);
    else if (child.type.endsWith('redirect')) continue;
    else words.push(wordValue(child) ?? child.text);
  }
  let prefix = 0;
  for (let n = prefixLength(words, 0); n > 0 && prefix + n < words.length; n = prefixLength(words, prefix)) prefix += n;
  return { words, prefix, assignments };
}
