// A Bash command split into its simple commands (docs/hooks.md, "Permission rules and `if`"), with a
// real shell parser: tree-sitter's Bash grammar, run as WebAssembly (@vscode/tree-sitter-wasm;
// docs/architecture.md says why this one). Every `command` node of the tree is one simple command,
// wherever it is: after `&&`, `||`, `;`, `|` or a newline, in a subshell, a `$(…)`, backticks, a
// process substitution, a function body, a loop or an `if`. The parser is loaded once, by the first
// loadShellParser() — where a command is first about to be read: a tool call, a hook event with an
// `if` (docs/benchmarks.md, "Start-up": commands that read none never pay for it) — and every parse
// after it is synchronous. A parse before it throws: a guard is never decided without its parser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Node as SyntaxNode, Parser as TsParser } from '@vscode/tree-sitter-wasm';
import { simpleCommandOf, wordValue, type SimpleCommand } from './shellWords.js';
import { baselineWasmOnly } from '../util/baselineWasm.js';

export type { SimpleCommand } from './shellWords.js';

/** A command as the shell reads it: its simple commands, and whether it parsed without error. */
export interface ParsedShell {
  commands: SimpleCommand[];
  /** False when the parser found a syntax error (an allow rule never covers such a command). */
  complete: boolean;
  /** The files its output redirections write (`> f`, `>> f`, `&> f`, `>| f`), as written. */
  writes: string[];
}

const WASM_PACKAGE = '@vscode/tree-sitter-wasm/wasm/';

/** The bytes of one of the parser's WebAssembly files: from the package, or beside the plugin's bundle (bin/wasm/). */
function wasmBytes(name: string): Uint8Array {
  const tries: string[] = [];
  try {
    tries.push(createRequire(import.meta.url).resolve(`${WASM_PACKAGE}${name}`));
  } catch {
    // bundled: no node_modules
  }
  for (const rel of ['./wasm/', '../wasm/']) tries.push(fileURLToPath(new URL(`${rel}${name}`, import.meta.url)));
  for (const path of tries) {
    try {
      return readFileSync(path);
    } catch {
      // the next place
    }
  }
  throw new Error(`the shell parser's ${name} was not found (looked in ${tries.join(', ')})`);
}

async function loadParser(): Promise<TsParser> {
  // Baseline code only: V8's optimising tier would compile the large grammar in the background for
  // about a second of CPU (and hold the process's exit for it) to speed up parses of a millisecond.
  baselineWasmOnly();
  const treeSitter = (await import('@vscode/tree-sitter-wasm')).default;
  const runtime = wasmBytes('tree-sitter.wasm');
  // Emscripten's module options: the runtime's bytes as read here (no lookup beside a script file).
  const options: NonNullable<Parameters<typeof TsParser.init>[0]> & { wasmBinary: Uint8Array } = { locateFile: (file) => file, wasmBinary: runtime };
  await treeSitter.Parser.init(options);
  const bash = await treeSitter.Language.load(wasmBytes('tree-sitter-bash.wasm'));
  const parser = new treeSitter.Parser();
  parser.setLanguage(bash);
  return parser;
}

let parser: TsParser | null = null;
let loading: Promise<void> | null = null;

/** Loads the parser, once (later calls wait for the same load); parseShell works from then on. */
export function loadShellParser(): Promise<void> {
  loading ??= loadParser().then(
    (p) => {
      parser = p;
    },
    (err: unknown) => {
      loading = null; // the next caller tries again, and hears the error too
      throw err;
    },
  );
  return loading;
}

/** The nodes that hold one simple command. */
const COMMAND_NODES = new Set(['command', 'declaration_command', 'unset_command', 'test_command']);

/** Redirection operators that write their file. */
const WRITES = new Set(['>', '>>', '&>', '&>>', '>|', '<>', '>&']);

function redirectTarget(node: SyntaxNode): string | null {
  const op = node.children.find((c) => c && !c.isNamed)?.type;
  const dest = node.childForFieldName('destination');
  if (!op || !WRITES.has(op) || !dest) return null;
  const target = wordValue(dest) ?? dest.text;
  return op === '>&' && /^(\d+|-)$/.test(target) ? null : target; // `2>&1` duplicates a descriptor
}

function collect(node: SyntaxNode, out: Omit<ParsedShell, 'complete'>): void {
  if (COMMAND_NODES.has(node.type)) out.commands.push(simpleCommandOf(node));
  if (node.type === 'file_redirect') {
    const target = redirectTarget(node);
    if (target !== null) out.writes.push(target);
  }
  for (const child of node.namedChildren) if (child) collect(child, out);
}

/** Longer commands are not parsed (an allow rule does not cover them; deny rules still see their words). */
const MAX_COMMAND = 100_000;
let last: { command: string; parsed: ParsedShell } | null = null;

/**
 * The simple commands of a Bash command. The last answer is kept: the rules and every hook's `if`
 * of one tool call ask about the same command.
 */
export function parseShell(command: string): ParsedShell {
  if (last?.command === command) return last.parsed;
  let parsed: ParsedShell;
  if (!parser) throw new Error('the shell parser is not loaded yet (loadShellParser() comes first)');
  const tree = command.length > MAX_COMMAND ? null : parser.parse(command);
  if (!tree) parsed = { commands: [], complete: false, writes: [] };
  else {
    const found: Omit<ParsedShell, 'complete'> = { commands: [], writes: [] };
    collect(tree.rootNode, found);
    parsed = { ...found, complete: !tree.rootNode.hasError };
    tree.delete();
  }
  last = { command, parsed };
  return parsed;
}
