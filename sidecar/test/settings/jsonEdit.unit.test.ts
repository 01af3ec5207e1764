// removeJsonValue (settings/jsonEdit.ts): one value goes, every other byte stays — other elements,
// comments before and after, indentation, tabs, CRLF, unicode, the final newline (or its absence).
import { describe, expect, it } from 'vitest';
import { removeJsonValue } from '../../src/settings/jsonEdit.js';
import { expectedRemoval, removedTokensOnly } from '../../../test/server/jsonCut.js';

type Case = [name: string, text: string, path: Array<string | number>, expected: string];

const cases: Case[] = [
  // Elements on their own lines.
  ['first of three', '[\n  1,\n  2,\n  3\n]\n', [0], '[\n  2,\n  3\n]\n'],
  ['middle of three', '[\n  1,\n  2,\n  3\n]\n', [1], '[\n  1,\n  3\n]\n'],
  ['last of three', '[\n  1,\n  2,\n  3\n]\n', [2], '[\n  1,\n  2\n]\n'],
  ['the only one', '[\n  1\n]\n', [0], '[\n]\n'],
  ['multi-line object element', '[\n  {\n    "a": 1\n  },\n  {\n    "b": 2\n  }\n]', [0], '[\n  {\n    "b": 2\n  }\n]'],
  ['multi-line last element', '[\n  {\n    "a": 1\n  },\n  {\n    "b": 2\n  }\n]', [1], '[\n  {\n    "a": 1\n  }\n]'],
  ['tabs', '[\n\t1,\n\t2\n]', [0], '[\n\t2\n]'],
  ['odd indentation', '[\n   1,\n 2,\n     3\n]', [1], '[\n   1,\n     3\n]'],
  ['blanks after the comma', '[\n  1,   \n  2\n]', [0], '[\n  2\n]'],
  // Same-line elements.
  ['same line, first', '[1, 2, 3]', [0], '[2, 3]'],
  ['same line, middle', '[1, 2, 3]', [1], '[1, 3]'],
  ['same line, last', '[1, 2, 3]', [2], '[1, 2]'],
  ['same line, only', '[1]', [0], '[]'],
  ['same line, no blanks', '[1,2,3]', [1], '[1,3]'],
  ['two on a line among others', '[\n  1, 2,\n  3\n]', [1], '[\n  1, \n  3\n]'],
  ['first of two on a line', '[\n  1, 2,\n  3\n]', [0], '[\n  2,\n  3\n]'],
  // Comments around.
  ['a comment line above the first stays', '[\n  // one\n  1,\n  // two\n  2\n]', [0], '[\n  // one\n  // two\n  2\n]'],
  ['a comment line above the last stays', '[\n  // one\n  1,\n  // two\n  2\n]', [1], '[\n  // one\n  1\n  // two\n]'],
  ['a note after the previous comma stays', '[\n  1, // one\n  2\n]', [1], '[\n  1 // one\n]'],
  ['a note after its own comma stays', '[\n  1, // one\n  2\n]', [0], '[\n  // one\n  2\n]'],
  ['a note after the last element', '[\n  1,\n  2 // two\n]', [1], '[\n  1 // two\n]'],
  ['block comment before the last, same line', '[1, /* c */ 2]', [1], '[1 /* c */ ]'],
  ['block comment before the first', '[/* c */ 1, 2]', [0], '[/* c */ 2]'],
  ['comment after the opening bracket', '[ // list\n  1,\n  2\n]', [0], '[ // list\n  2\n]'],
  ['comment before the closing bracket', '[\n  1,\n  2\n  // end\n]', [1], '[\n  1\n  // end\n]'],
  ['comment-like text inside strings', '[\n  "// not a comment",\n  "/* nor this */"\n]', [0], '[\n  "/* nor this */"\n]'],
  // CRLF.
  ['CRLF first', '[\r\n  1,\r\n  2\r\n]\r\n', [0], '[\r\n  2\r\n]\r\n'],
  ['CRLF last', '[\r\n  1,\r\n  2\r\n]\r\n', [1], '[\r\n  1\r\n]\r\n'],
  ['CRLF only', '[\r\n  1\r\n]\r\n', [0], '[\r\n]\r\n'],
  ['CRLF with comments', '[\r\n  // a\r\n  1, // one\r\n  // b\r\n  2\r\n]', [1], '[\r\n  // a\r\n  1 // one\r\n  // b\r\n]'],
  // Unicode.
  ['unicode neighbours', '["é", "中", "🎉"]', [1], '["é", "🎉"]'],
  ['unicode before a removed last', '[\n  "naïve ✓",\n  "日本"\n]', [1], '[\n  "naïve ✓"\n]'],
  // Object properties.
  ['property first', '{\n  "a": 1,\n  "b": 2,\n  "c": 3\n}', ['a'], '{\n  "b": 2,\n  "c": 3\n}'],
  ['property middle', '{\n  "a": 1,\n  "b": { "x": [1] },\n  "c": 3\n}', ['b'], '{\n  "a": 1,\n  "c": 3\n}'],
  ['property last', '{\n  "a": 1,\n  "b": 2\n}', ['b'], '{\n  "a": 1\n}'],
  ['property only', '{\n  "a": 1\n}', ['a'], '{\n}'],
  ['property, same line', '{"a": 1, "b": 2}', ['a'], '{"b": 2}'],
  ['property with a comment between key and value', '{\n  "a" /* k */ : 1,\n  "b": 2\n}', ['a'], '{\n  "b": 2\n}'],
  ['multi-line property value', '{\n  "a": [\n    1\n  ],\n  "b": 2\n}', ['a'], '{\n  "b": 2\n}'],
  ['property with a note on the previous line', '{\n  "a": 1, // keep\n  "b": 2\n}', ['b'], '{\n  "a": 1 // keep\n}'],
  // Nested paths, as the hooks service uses them.
  ['a handler', '{ "hooks": { "Stop": [ { "hooks": [ {"command": "a"}, {"command": "b"} ] } ] } }', ['hooks', 'Stop', 0, 'hooks', 1], '{ "hooks": { "Stop": [ { "hooks": [ {"command": "a"} ] } ] } }'],
  ['an event key', '{\n  "hooks": {\n    "Stop": [],\n    "PreToolUse": []\n  }\n}\n', ['hooks', 'Stop'], '{\n  "hooks": {\n    "PreToolUse": []\n  }\n}\n'],
  ['no final newline', '{"a":[1,2]}', ['a', 0], '{"a":[2]}'],
  ['leading file comment', '// settings\n{\n  "a": 1,\n  "b": 2\n}\n', ['a'], '// settings\n{\n  "b": 2\n}\n'],
];

describe('removeJsonValue', () => {
  for (const [name, text, path, expected] of cases) {
    it(`${name}`, () => {
      const out = removeJsonValue(text, path);
      expect(out).toBe(expected);
      // The independent rule of the server tests and the token check agree.
      expect(expectedRemoval(text, path)).toBe(expected);
      expect(removedTokensOnly(text, out, path)).toBeNull();
    });
  }

  it('throws on invalid JSON and on a path that names nothing', () => {
    expect(() => removeJsonValue('', [0])).toThrow(/not valid JSON/);
    expect(() => removeJsonValue('[1, 2]', [5])).toThrow(/nothing at/);
    expect(() => removeJsonValue('{"a": 1}', ['b'])).toThrow(/nothing at/);
    expect(() => removeJsonValue('{"a": 1}', ['a', 'x'])).toThrow(/nothing at/);
    expect(() => removeJsonValue('[1]', ['a'])).toThrow(/nothing at/);
  });
});
