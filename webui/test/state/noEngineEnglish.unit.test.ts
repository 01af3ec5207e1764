// The UI never parses the engine's English (docs/architecture.md, "The web UI"): its words for a run
// come from the record's data (`kind`, `reason`: sidecar/src/protocol/runKind.ts). This check reads
// every file of webui/src and fails on text matching over a record's text fields — a string method
// (`startsWith`, `indexOf`, `replace`, `match`, …) called on `x.decision`, `x.error`, `x.reason`,
// `x.stdout` or `x.stderr` (or on a name holding one), or a regular expression run over one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const TEXT_FIELDS = new Set(['decision', 'error', 'reason', 'stdout', 'stderr']);
const STRING_MATCHERS = new Set([
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
  'includes',
  'match',
  'matchAll',
  'replace',
  'replaceAll',
  'search',
  'split',
  'slice',
  'substring',
  'substr',
]);
const REGEX_RUNNERS = new Set(['test', 'exec']);

const isTextField = (e: ts.Expression): boolean => ts.isPropertyAccessExpression(e) && TEXT_FIELDS.has(e.name.text);

/** Where a file matches text over a record's text fields: `line: code` for each place. */
export function engineEnglishMatches(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const held = new Set<string>(); // names given a record's text field: `const e = r.error`
  const out: string[] = [];
  const textual = (e: ts.Expression): boolean => {
    const inner = ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) ? e.expression : e;
    return isTextField(inner) || (ts.isIdentifier(inner) && held.has(inner.text));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && textual(node.initializer)) held.add(node.name.text);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const overText = STRING_MATCHERS.has(method) && textual(node.expression.expression);
      const regexOverText = REGEX_RUNNERS.has(method) && node.arguments.some((a) => textual(a));
      if (overText || regexOverText) out.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(p) ? [p] : [];
  });
}

describe('the UI builds its words from data, never from the engine’s English', () => {
  it('finds what the UI used to do: cut decision and error sentences apart', () => {
    const old = [
      `const d = r.decision.replace(/^async: /, '');`,
      `const e = r.error;`,
      `if (e.startsWith('command is not executable')) return 1;`,
      `const s = /after ([\\d.]+) s/.exec(e)?.[1];`,
      `const i = run.stderr.indexOf('x');`,
      `const fine = r.command.startsWith('x') && chat.items.includes(r);`,
    ].join('\n');
    expect(engineEnglishMatches('old.ts', old).map((m) => m.split(':')[0])).toEqual(['1', '3', '4', '5']);
  });

  it('webui/src matches no record text', () => {
    const found = files(SRC).flatMap((f) => engineEnglishMatches(f, readFileSync(f, 'utf8')).map((m) => `${relative(SRC, f)}:${m}`));
    expect(found).toEqual([]);
  });
});
