// setJsonValue (settings/jsonEdit.ts): one value set, or appended to an array, while every other
// byte stays — comments, the neighbours' layout, CRLF, a BOM; missing objects on the way are made.
import { describe, expect, it } from 'vitest';
import { setJsonValue } from '../../src/settings/jsonEdit.js';

describe('setJsonValue', () => {
  it.each([
    ['a new key after the last one, indented like it', '{\n  // mine\n  "hooks": {}\n}\n', ['model'], 'm', false, '{\n  // mine\n  "hooks": {},\n  "model": "m"\n}\n'],
    ['a key replaced in place', '{\n  "model": "a", // old\n  "b": 1\n}', ['model'], 'b', false, '{\n  "model": "b", // old\n  "b": 1\n}'],
    ['a key removed', '{\n  "model": "a",\n  "b": 1\n}', ['model'], undefined, false, '{\n  "b": 1\n}'],
    ['removing a missing key changes nothing', '{ "b": 1 }', ['model'], undefined, false, '{ "b": 1 }'],
    ['an empty file becomes an object', '', ['hooks'], {}, false, '{\n  "hooks": {}\n}\n'],
    ['a comment after the last property stays with it', '{\n  "a": 1 // note\n}\n', ['b'], 2, false, '{\n  "a": 1, // note\n  "b": 2\n}\n'],
    ['CRLF kept', '{\r\n  "a": 1\r\n}\r\n', ['b'], 2, false, '{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n'],
    ['appended to an inline array', '{ "permissions": { "allow": ["Read"] } }', ['permissions', 'allow'], 'Edit', true, '{ "permissions": { "allow": ["Read", "Edit"] } }'],
    [
      'appended to an array laid out one per line',
      '{\n  "permissions": {\n    "allow": [\n      "Read"\n    ]\n  }\n}\n',
      ['permissions', 'allow'],
      'Edit',
      true,
      '{\n  "permissions": {\n    "allow": [\n      "Read",\n      "Edit"\n    ]\n  }\n}\n',
    ],
    ['the array made when missing', '{\n  "env": {}\n}\n', ['permissions', 'allow'], 'Edit', true, '{\n  "env": {},\n  "permissions": { "allow": ["Edit"] }\n}\n'],
    ['into an existing empty object', '{\n  "permissions": {}\n}\n', ['permissions', 'allow'], 'Edit', true, '{\n  "permissions": {\n    "allow": ["Edit"]\n  }\n}\n'],
    ['a BOM stays', '\ufeff{\n  "a": 1\n}', ['b'], true, false, '\ufeff{\n  "a": 1,\n  "b": true\n}'],
  ] as const)('%s', (_name, text, path, value, append, expected) => {
    expect(setJsonValue(text, [...path], value, append)).toBe(expected);
  });

  it('refuses a file that is not an object, and a path through something else', () => {
    expect(() => setJsonValue('[1]', ['a'], 1)).toThrow(/not a JSON object/);
    expect(() => setJsonValue('{ "permissions": 3 }', ['permissions', 'allow'], 'Edit', true)).toThrow(/not an object/);
  });
});
