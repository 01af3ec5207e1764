// Reading a settings-style JSON file with positions: parse errors carry line and column, and any
// JSON path can be turned into a line number for messages. Comments are tolerated (JSONC).
// Hostile files are refused with a position, never a crash (docs/hooks.md, Validation): over 5 MB,
// nested deeper than MAX_NESTING, not a regular file. A UTF-8 BOM is stripped. Duplicate keys are
// listed (the value keeps the last one, as JSON.parse does, and positions point at that one).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export type JsonPath = Array<string | number>;

export interface Position {
  line: number;
  column: number;
}

/** A key that appears more than once in one object: every occurrence but the last is dead. */
export interface DuplicateKey extends Position {
  /** JSON path of the key (its object's path plus the key). */
  path: JsonPath;
  /** Where the previous occurrence of the key is. */
  previous: Position;
}

export interface JsonFile {
  path: string;
  exists: boolean;
  text: string;
  /** The parsed value; undefined when the file is missing or not valid JSON. */
  value: unknown;
  /** The first parse error, with its position (`trailingComma`: at a comma before `}` or `]`); null when the file parsed. */
  parseError: (Position & { message: string; trailingComma?: true }) | null;
  /** Keys repeated in an object, at the position of each later occurrence (empty when none). */
  duplicates: DuplicateKey[];
  /** Line/column (1-based) of the value at a JSON path, when present. */
  locate(path: JsonPath): Position | undefined;
}

/** A settings file larger than this is not read (docs/hooks.md, Validation). */
export const MAX_SETTINGS_BYTES = 5 * 1024 * 1024;
/** Deeper nesting of arrays and objects is refused with its position (the parser is recursive). */
export const MAX_NESTING = 512;

/** Line starts of a text, computed once, so every position is a binary search (loading stays linear). */
function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

/**
 * The offset where nesting first goes deeper than MAX_NESTING, or -1: one pass over the text that
 * skips strings and comments (a hand-written loop: several times faster than the tokenizer).
 */
function tooDeepAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: to the closing quote, skipping escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      i = text.indexOf('\n', i);
      if (i === -1) return -1;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      i = text.indexOf('*/', i + 2);
      if (i === -1) return -1;
      i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_NESTING) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

const PARSE_MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'property name expected',
  ValueExpected: 'value expected',
  ColonExpected: '":" expected',
  CommaExpected: '"," expected',
  CloseBraceExpected: '"}" expected',
  CloseBracketExpected: '"]" expected',
  EndOfFileExpected: 'end of file expected',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in string',
};

/** The offset of a trailing comma the parse error at `offset` stands on (`[1, 2,]`, `{"a": 1,}`), or -1. */
function trailingCommaAt(body: string, offset: number): number {
  if (body[offset] !== '}' && body[offset] !== ']') return -1;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(body[i]!)) i--;
  return body[i] === ',' ? i : -1;
}

/** What the first parse error says, and where: a trailing comma is named as such, at the comma. */
function parseMessage(body: string, e: ParseError): { offset: number; message: string; trailingComma?: true } {
  const code = printParseErrorCode(e.error);
  const comma = code === 'ValueExpected' || code === 'PropertyNameExpected' ? trailingCommaAt(body, e.offset) : -1;
  if (comma !== -1) return { offset: comma, message: `trailing comma before "${body[e.offset]}": JSON allows none, remove this ","`, trailingComma: true };
  return { offset: e.offset, message: PARSE_MESSAGES[code] ?? code };
}

export function parseJsonText(path: string, text: string): JsonFile {
  // A UTF-8 BOM (Windows editors) is not content: positions are those an editor shows.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const at = lineIndex(body);
  const deep = body.trim() === '' ? -1 : tooDeepAt(body);
  const errors: ParseError[] = [];
  const tree: Node | undefined = deep === -1 ? parseTree(body, errors, { allowTrailingComma: false, disallowComments: false }) : undefined;
  const first = errors[0];
  const parseError =
    body.trim() === ''
      ? { line: 1, column: 1, message: 'the file is empty' }
      : deep !== -1
        ? { ...at(deep), message: `nested deeper than ${MAX_NESTING} levels of objects and arrays` }
        : first
          ? (({ offset, ...what }) => ({ ...at(offset), ...what }))(parseMessage(body, first))
          : null;
  const duplicates: DuplicateKey[] = [];
  const value =
    parseError || !tree ? undefined : nodeValue(tree, [], (d) => duplicates.push({ ...at(d.key.offset), path: d.path, previous: at(d.previous.offset) }));
  return {
    path,
    exists: true,
    text,
    value,
    parseError,
    duplicates,
    locate(jsonPath) {
      if (!tree || parseError) return undefined;
      const node = nodeAt(tree, jsonPath);
      return node ? at(node.offset) : undefined;
    },
  };
}

/** The value node at a path; with a repeated key, the last occurrence (the one the value keeps). */
function nodeAt(tree: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = tree;
  for (const seg of path) {
    if (!node?.children) return undefined;
    if (node.type === 'array') {
      node = typeof seg === 'number' ? node.children[seg] : undefined;
      continue;
    }
    if (node.type !== 'object') return undefined;
    const props: Node[] = node.children;
    node = undefined;
    for (let i = props.length - 1; i >= 0 && !node; i--) {
      if (props[i]!.children?.[0]?.value === seg) node = props[i]!.children?.[1];
    }
  }
  return node;
}

type OnDuplicate = (d: { path: JsonPath; key: Node; previous: Node }) => void;

/** The value of a node (nesting is bounded by MAX_NESTING, so the recursion is too). */
function nodeValue(node: Node, path: JsonPath, onDuplicate: OnDuplicate): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const seen = new Map<string, Node>();
      for (const prop of node.children ?? []) {
        const [key, val] = prop.children ?? [];
        if (!key || !val) continue;
        const name = String(key.value);
        const previous = seen.get(name);
        if (previous) onDuplicate({ path: [...path, name], key, previous });
        seen.set(name, key);
        // An own property even for "__proto__" (as JSON.parse makes it), never the prototype.
        Object.defineProperty(out, name, { value: nodeValue(val, [...path, name], onDuplicate), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((child, i) => nodeValue(child, [...path, i], onDuplicate));
    default:
      return node.value;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The text of a settings file, at most MAX_SETTINGS_BYTES: opened without blocking (a FIFO put in
 * its place would otherwise hang the loader), refused when it is not a regular file or too large.
 * Returns null when the file does not exist.
 */
export function readSettingsText(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new Error('it is a folder, not a file');
    if (!st.isFile()) throw new Error('it is not a regular file');
    const tooLarge = (size: string) => new Error(`it is ${size}, over the ${megabytes(MAX_SETTINGS_BYTES)} limit of a settings file; it was not read`);
    if (st.size > MAX_SETTINGS_BYTES) throw tooLarge(megabytes(st.size));
    // Read to the end, never past the limit (the file may grow while it is read).
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(st.size + 1, MAX_SETTINGS_BYTES + 1 - total) || 1);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > MAX_SETTINGS_BYTES) throw tooLarge(`over ${megabytes(MAX_SETTINGS_BYTES)}`);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Reads a file; a missing file is `exists: false` with no error. Other read errors throw. */
export function readJsonFile(path: string): JsonFile {
  const text = readSettingsText(path);
  if (text === null) return { path, exists: false, text: '', value: undefined, parseError: null, duplicates: [], locate: () => undefined };
  return parseJsonText(path, text);
}

/** `hooks.PreToolUse[0].hooks[1]` */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}
