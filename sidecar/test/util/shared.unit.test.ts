// The sidecar's small shared pieces (sidecar/src/util): the message of anything thrown, telling a JSON
// object apart, and the one way a zod refusal is put in words (file, JSON path, message).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messageOf } from '../../src/util/errors.js';
import { isObject } from '../../src/util/objects.js';
import { formatIssue, formatIssues, formatJsonPath, issuePath } from '../../src/util/zodIssues.js';

describe('messageOf', () => {
  it("is an Error's message, and any other thrown value as text", () => {
    expect(messageOf(new TypeError('bad type'))).toBe('bad type');
    expect(messageOf('plain words')).toBe('plain words');
    expect(messageOf(42)).toBe('42');
    expect(messageOf(undefined)).toBe('undefined');
    expect(messageOf(null)).toBe('null');
  });
});

describe('isObject', () => {
  it('is true for a JSON object only: not null, not an array, not a primitive', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    for (const v of [null, undefined, [], [1], 'x', 1, true]) expect(isObject(v), JSON.stringify(v)).toBe(false);
  });
});

describe('the zod-issue formatter', () => {
  const Schema = z.object({ hooks: z.record(z.string(), z.array(z.object({ matcher: z.string() }))), name: z.string() });
  const refused = (v: unknown) => {
    const r = Schema.safeParse(v);
    if (r.success) throw new Error('expected a refusal');
    return r.error;
  };

  it('writes the JSON path as in messages: dots for names, brackets for indexes and odd keys', () => {
    expect(formatJsonPath(['hooks', 'PreToolUse', 0, 'matcher'])).toBe('hooks.PreToolUse[0].matcher');
    expect(formatJsonPath(['env', 'MY VAR'])).toBe('env["MY VAR"]');
    expect(formatJsonPath([])).toBe('');
    expect(issuePath({ path: ['a', Symbol('s'), 1], message: '' })).toEqual(['a', 1]);
  });

  it('says each issue as path: message, the file first when there is one, joined with "; "', () => {
    const err = refused({ hooks: { PreToolUse: [{ matcher: 1 }] } });
    const text = formatIssues(err);
    expect(text).toMatch(/^hooks\.PreToolUse\[0\]\.matcher: .+; name: .+$/);
    expect(formatIssue(err.issues[0]!, { file: '/p/.wave/settings.json' })).toMatch(/^\/p\/\.wave\/settings\.json: hooks\.PreToolUse\[0\]\.matcher: /);
  });

  it('names the value itself with the root word the caller gives ((root) by default)', () => {
    const err = refused('not an object');
    expect(formatIssues(err)).toMatch(/^\(root\): /);
    expect(formatIssues(err, { root: '(params)' })).toMatch(/^\(params\): /);
  });
});
