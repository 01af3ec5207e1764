// What a hook command runs, read simply (docs/hooks.md, "Safety"): its simple commands (split at
// unquoted `;`, `&`, `|`, newlines, parentheses, backticks and `$(`), and the program names they
// start with, past assignments, keywords and the prefixes that run another program (`env`, `sudo`,
// `command`, `exec`, `nohup`, `time`, `xargs`). Shell builtins are left out: PATH does not choose
// them. Reading too much is harmless here (a name that resolves to nothing is recorded as such).

const KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'select',
  '!',
  '{',
  '}',
  '[[',
  ']]',
]);
const BUILTINS = new Set(
  ': . source alias bg break cd continue echo eval exit export false fc fg getopts hash jobs kill local printf pwd read readonly return set shift test [ times trap true type ulimit umask unalias unset wait let declare typeset'.split(
    ' ',
  ),
);
const PREFIXES = new Set(['env', 'sudo', 'command', 'exec', 'nohup', 'time', 'xargs', 'nice', 'timeout']);

/** The simple commands of a command line (quotes kept as written). */
export function simpleCommands(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  const cut = () => {
    if (cur.trim()) out.push(cur.trim());
    cur = '';
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') cur += command[i++] ?? '';
      cur += c;
      continue;
    }
    if (c === '\\') {
      cur += c + (command[++i] ?? '');
    } else if (c === "'" || c === '"') {
      quote = c;
      cur += c;
    } else if (c === '#' && (cur === '' || /\s$/.test(cur))) {
      while (i < command.length && command[i] !== '\n') i++;
      cut();
    } else if (';&|\n()`'.includes(c) || (c === '$' && command[i + 1] === '(')) {
      if (c === '$') i++;
      cut();
    } else cur += c;
  }
  cut();
  return out;
}

/** A word without its quotes (`"jq"` → `jq`); null when it holds expansions only the shell knows. */
function plainWord(word: string): string | null {
  const bare = word.replace(/^(['"])(.*)\1$/, '$2');
  return /[$`*?'"\\]/.test(bare) ? null : bare;
}

/** The program names (no `/`) the simple commands of `command` start with, in order, once each. */
export function programNames(command: string): string[] {
  const names = new Set<string>();
  for (const sc of simpleCommands(command)) {
    const words = sc.split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < words.length) {
      const w = words[i]!;
      if (/^[A-Za-z_]\w*=/.test(w) || KEYWORDS.has(w) || /^[<>0-9]/.test(w)) {
        i++;
        continue;
      }
      const name = plainWord(w);
      if (name === null || name.includes('/') || BUILTINS.has(name)) break;
      names.add(name);
      if (!PREFIXES.has(name)) break;
      i++;
      while (i < words.length && words[i]!.startsWith('-')) i++; // the prefix's own options
    }
  }
  return [...names];
}
