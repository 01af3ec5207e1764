// Reading a settings-style JSON file with positions: parse errors carry line and column, and any
// JSON path can be turned into a line number for messages. Comments are tolerated (JSONC).
import { readFileSync } from 'node:fs';
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export type JsonPath = Array<string | number>;

export interface Position {
  line: number;
  column: number;
}

export interface JsonFile {
  path: string;
  exists: boolean;
  text: string;
  /** The parsed value; undefined when the file is missing or not valid JSON. */
  value: unknown;
  /** The first parse error, with its position; null when the file parsed. */
  parseError: (Position & { message: string }) | null;
  /** Line/column (1-based) of the value at a JSON path, when present. */
  locate(path: JsonPath): Position | undefined;
}

export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
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

export function parseJsonText(path: string, text: string): JsonFile {
  const errors: ParseError[] = [];
  const tree: Node | undefined = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  const first = errors[0];
  const parseError =
    text.trim() === ''
      ? { line: 1, column: 1, message: 'the file is empty' }
      : first
        ? { ...positionAt(text, first.offset), message: PARSE_MESSAGES[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error) }
        : null;
  const value = parseError || !tree ? undefined : nodeValue(tree);
  return {
    path,
    exists: true,
    text,
    value,
    parseError,
    locate(jsonPath) {
      if (!tree || parseError) return undefined;
      const node = findNodeAtLocation(tree, jsonPath);
      return node ? positionAt(text, node.offset) : undefined;
    },
  };
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, val] = prop.children ?? [];
        if (key && val) out[String(key.value)] = nodeValue(val);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

/** Reads a file; a missing file is `exists: false` with no error. Other read errors throw. */
export function readJsonFile(path: string): JsonFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return { path, exists: false, text: '', value: undefined, parseError: null, locate: () => undefined };
    }
    throw err;
  }
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
