// What deleting one hook must do to a settings file, computed here independently of
// sidecar/src/settings/jsonEdit.ts, for byte-exact comparisons:
//
// - which value goes: the handler; the whole matcher group when it was the group's last handler;
//   the whole event key when that group was the event's last one;
// - which bytes go: the value itself and exactly one separating comma (the one after it, or the one
//   before it when it is the last element), plus the whitespace of that separation: when the value
//   sits alone on its line(s), those whole lines; a comment anywhere outside the value stays, one
//   between the value and its comma included.
//
// `removedTokensOnly` is a second, rule-free check: the tokens (values, punctuation and comments)
// of the result are exactly those of the original minus the value's tokens and one comma.
import { createScanner, findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';

/** jsonc-parser's SyntaxKind values (a const enum, which cannot be imported as a value). */
const SyntaxKind = { CommaToken: 5, LineCommentTrivia: 12, BlockCommentTrivia: 13, LineBreakTrivia: 14, Trivia: 15, EOF: 17 } as const;
type SyntaxKind = number;

export type JsonPath = Array<string | number>;

export interface HookAt {
  event: string;
  group: number;
  handler: number;
}

/** Parses a hook id (`source:/abs/file#Event/g/h`). */
export function hookAt(id: string): HookAt & { file: string } {
  const m = /^[a-zA-Z]+:(.+)#([^#/]+)\/(\d+)\/(\d+)$/.exec(id);
  if (!m) throw new Error(`not a hook id: ${id}`);
  return { file: m[1]!, event: m[2]!, group: Number(m[3]), handler: Number(m[4]) };
}

type Settings = { hooks?: Record<string, Array<{ hooks?: unknown[] }>> } & Record<string, unknown>;

/** The JSON path of what is removed when the hook at `at` is deleted. */
export function removalPath(value: unknown, at: HookAt): JsonPath {
  const groups = (value as Settings).hooks?.[at.event] ?? [];
  const handlers = groups[at.group]?.hooks ?? [];
  if (handlers.length > 1) return ['hooks', at.event, at.group, 'hooks', at.handler];
  if (groups.length > 1) return ['hooks', at.event, at.group];
  return ['hooks', at.event];
}

/** The settings value without that hook (and without an emptied group / event key). */
export function valueWithout(value: unknown, at: HookAt): unknown {
  const copy = structuredClone(value) as Settings;
  const path = removalPath(value, at);
  const hooks = copy.hooks!;
  if (path.length === 2) delete hooks[at.event];
  else if (path.length === 3) hooks[at.event]!.splice(at.group, 1);
  else hooks[at.event]![at.group]!.hooks!.splice(at.handler, 1);
  return copy;
}

interface Located {
  node: Node;
  siblings: Node[];
  index: number;
}

function locate(text: string, path: JsonPath): Located {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors);
  if (!tree || errors.length) throw new Error('the original text is not valid JSON');
  const container = findNodeAtLocation(tree, path.slice(0, -1));
  if (!container?.children) throw new Error(`no container at ${JSON.stringify(path)}`);
  const last = path[path.length - 1];
  const index = container.type === 'array' ? (last as number) : container.children.findIndex((p) => p.children?.[0]?.value === last);
  const node = container.children[index];
  if (!node) throw new Error(`nothing at ${JSON.stringify(path)}`);
  return { node, siblings: container.children, index };
}

interface Token {
  kind: SyntaxKind;
  text: string;
  offset: number;
  end: number;
}

/** Every token that is not whitespace or a line break, comments included. */
export function tokensOf(text: string): Token[] {
  const s = createScanner(text, false);
  const out: Token[] = [];
  for (let k = s.scan(); k !== SyntaxKind.EOF; k = s.scan()) {
    if (k === SyntaxKind.Trivia || k === SyntaxKind.LineBreakTrivia) continue;
    const offset = s.getTokenOffset();
    out.push({ kind: k, text: text.slice(offset, offset + s.getTokenLength()), offset, end: offset + s.getTokenLength() });
  }
  return out;
}

const isBlank = (s: string) => /^[ \t\r\n]*$/.test(s);
const lineStart = (text: string, i: number) => text.lastIndexOf('\n', i - 1) + 1;
/** Index of the `\n` ending the line of `i` (or text.length). */
const lineEnd = (text: string, i: number) => {
  const nl = text.indexOf('\n', i);
  return nl === -1 ? text.length : nl;
};

/** [start, end) grown to whole lines when only blanks share those lines with it. */
function asLines(text: string, start: number, end: number): [number, number] {
  const ls = lineStart(text, start);
  const le = lineEnd(text, end);
  if (isBlank(text.slice(ls, start)) && isBlank(text.slice(end, le))) return [ls, Math.min(le + 1, text.length)];
  return [start, end];
}

/** The offset of the comma separating `a` from the following element. */
function commaBetween(tokens: Token[], afterOffset: number): Token {
  const t = tokens.find((x) => x.offset >= afterOffset && x.kind !== SyntaxKind.LineCommentTrivia && x.kind !== SyntaxKind.BlockCommentTrivia);
  if (!t || t.kind !== SyntaxKind.CommaToken) throw new Error('no comma where one was expected');
  return t;
}

/** The text after removing the value at `path` by the rule described at the top of this file. */
export function expectedRemoval(text: string, path: JsonPath): string {
  const { node, siblings, index } = locate(text, path);
  const tokens = tokensOf(text);
  const start = node.offset;
  const end = node.offset + node.length;
  const cut = (ranges: Array<[number, number]>) => {
    let out = '';
    let at = 0;
    for (const [s, e] of ranges.sort((x, y) => x[0] - y[0])) {
      out += text.slice(at, s);
      at = e;
    }
    return out + text.slice(at);
  };
  if (index < siblings.length - 1) {
    // The value, its comma and the blanks after the comma on that line. A comment between the
    // value and its comma stays: then the value with the blanks up to that comment, and the comma
    // (its whole line when alone on it).
    const comma = commaBetween(tokens, end);
    let e = comma.end;
    while (text[e] === ' ' || text[e] === '\t') e++;
    if (isBlank(text.slice(end, comma.offset))) return cut([asLines(text, start, e)]);
    let note = end;
    while (/[ \t\r\n]/.test(text[note] ?? '')) note++;
    return cut([[start, note], asLines(text, comma.offset, e)]);
  }
  if (index > 0) {
    const prev = siblings[index - 1]!;
    const comma = commaBetween(tokens, prev.offset + prev.length);
    if (isBlank(text.slice(comma.end, start))) return cut([[comma.offset, end]]);
    return cut([[comma.offset, comma.end], asLines(text, start, end)]);
  }
  return cut([asLines(text, start, end)]);
}

/**
 * Rule-free check: `after` has exactly the tokens of `before` minus those inside the removed value
 * and one comma next to it. Returns a description of the first difference, or null.
 */
export function removedTokensOnly(before: string, after: string, path: JsonPath): string | null {
  const { node } = locate(before, path);
  const start = node.offset;
  const end = node.offset + node.length;
  const all = tokensOf(before);
  const kept = all.filter((t) => t.end <= start || t.offset >= end);
  // One comma goes: the first non-comment token after the value, when it is a comma; else the last before it.
  const code = (t: Token) => t.kind !== SyntaxKind.LineCommentTrivia && t.kind !== SyntaxKind.BlockCommentTrivia;
  const after1 = kept.find((t) => t.offset >= end && code(t));
  const before1 = [...kept].reverse().find((t) => t.end <= start && code(t));
  const comma = after1?.kind === SyntaxKind.CommaToken ? after1 : before1?.kind === SyntaxKind.CommaToken ? before1 : undefined;
  const expected = kept.filter((t) => t !== comma).map((t) => t.text);
  const got = tokensOf(after).map((t) => t.text);
  for (let i = 0; i < Math.max(expected.length, got.length); i++) {
    if (expected[i] !== got[i]) {
      return `token ${i}: expected ${JSON.stringify(expected[i])}, got ${JSON.stringify(got[i])} (context: ${JSON.stringify(got.slice(Math.max(0, i - 3), i + 3))})`;
    }
  }
  return null;
}
