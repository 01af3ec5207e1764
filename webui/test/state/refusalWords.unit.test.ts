// A refused settings change in the UI's language (webui/src/state/refusalWords.ts): every kind of
// refusal the sidecar sends (sidecar/src/protocol/refusal.ts) has words in both languages, built
// from its data; the Chinese ones carry none of the sidecar's English, and a failed request without
// a refusal still shows the sidecar's message.
import { afterEach, describe, expect, it } from 'vitest';
import type { Refusal } from '../../src/connection/protocol.js';
import { RequestFailed } from '../../src/connection/client.js';
import { lang } from '../../src/i18n/index.js';
import { messageOf } from '../../src/state/attempt.js';
import { refusalText } from '../../src/state/refusalWords.js';

const FILE = '/home/u/.wave/settings.json';
const ALL: Refusal[] = [
  { kind: 'pluginReadOnly', file: FILE, undone: 'deleted' },
  { kind: 'changedSinceListed', file: FILE, now: 'changed', undone: 'deleted' },
  { kind: 'changedSinceListed', file: FILE, now: 'gone', undone: 'changed' },
  { kind: 'changedSinceListed', file: FILE, now: 'invalid', undone: 'deleted' },
  { kind: 'invalidJson', file: FILE, line: 4, column: 2, detail: 'trailing comma', undone: 'written' },
  { kind: 'duplicateKey', file: FILE, key: 'hooks', path: '$.hooks', lines: [2, 9], undone: 'modelSaved' },
  { kind: 'hookGone', undone: null },
  { kind: 'unreadable', file: FILE, cause: 'EISDIR', undone: 'deleted' },
  { kind: 'readOnly', file: FILE, undone: 'ruleWritten' },
  { kind: 'cannotWrite', file: FILE, cause: 'ENOSPC', detail: 'ENOSPC: no space left on device, write', undone: 'created' },
  { kind: 'cannotWrite', file: FILE, cause: null, detail: 'something odd', undone: 'imported' },
  { kind: 'changedWhile', file: FILE, undone: 'restored' },
  { kind: 'savedMeanwhile', file: FILE, kept: true, undone: 'deleted' },
  { kind: 'savedMeanwhile', file: FILE, kept: false, undone: null },
  { kind: 'replacedSave', file: FILE, undone: null },
  { kind: 'untrusted', undone: null },
  { kind: 'notParallel', event: 'PreToolUse', undone: 'changed' },
  { kind: 'undoExpired', of: 'delete', undone: null },
  { kind: 'undoExpired', of: 'revert', undone: null },
  { kind: 'runGone', undone: null },
  { kind: 'noSession', undone: null },
  { kind: 'notUnderReview', file: FILE, undone: 'reverted' },
  { kind: 'cannotWrite', file: FILE, cause: 'EACCES', detail: 'EACCES: permission denied', undone: 'reverted' },
  { kind: 'switchRefused', from: 'small', to: 'big', reason: '预算用完', undone: 'modelSaved' },
  { kind: 'badBaseUrl', value: 'ftp://x', undone: 'modelSaved' },
  { kind: 'untrustedImport', file: FILE, undone: 'imported' },
  { kind: 'badTestInput', field: 'hook_event_name', must: 'thisEvent', expected: ['PreToolUse'], undone: null },
  { kind: 'badTestInput', field: 'tool_name', must: 'toolName', expected: [], undone: null },
  { kind: 'badTestInput', field: 'tool_input', must: 'object', expected: [], undone: null },
  { kind: 'badTestInput', field: 'cwd', must: 'absolutePath', expected: [], undone: null },
  { kind: 'badTestInput', field: 'permission_mode', must: 'permissionMode', expected: ['default', 'plan'], undone: null },
  { kind: 'invalidJson', file: FILE, line: 3, column: 1, detail: 'x', undone: 'changed', imported: ['/home/u/.wave/settings.json'] },
];

afterEach(() => {
  lang.value = 'en';
});

describe('the words of a refused settings change', () => {
  it('English: why, then what was left undone', () => {
    lang.value = 'en';
    expect(refusalText(ALL[1]!)).toBe(`${FILE} changed since it was listed; nothing was deleted`);
    expect(refusalText(ALL[9]!)).toBe(`cannot write ${FILE}: the disk is full; it was not created`);
    expect(refusalText(ALL[10]!)).toBe(`cannot write ${FILE}: something odd; nothing was imported`);
    expect(refusalText(ALL[6]!)).toBe('that hook is no longer in its settings file; the list was refreshed');
    expect(refusalText(ALL[15]!)).toBe('this workspace is not trusted, so its project hooks do not run, not even as a test: trust it first');
    expect(refusalText(ALL[16]!)).toBe('the hooks of this PreToolUse group cannot start together; nothing was changed');
    expect(refusalText(ALL[18]!)).toBe('that revert can no longer be undone');
    expect(refusalText(ALL[22]!)).toBe(`cannot write ${FILE}: permission denied; nothing was reverted`);
    expect(refusalText(ALL[23]!)).toBe('a PreModelSwitch hook refused the switch from small to big: 预算用完; the model settings were not saved');
    expect(refusalText(ALL[26]!)).toBe('the input\'s "hook_event_name" must be PreToolUse, the event this hook runs at');
    expect(refusalText(ALL[30]!)).toBe('the input\'s "permission_mode" must be one of default, plan');
    expect(refusalText(ALL[31]!)).toBe(`${FILE} is not valid JSON (line 3, column 1: x); nothing was changed; the hooks of ${FILE} were imported`);
  });

  it('Chinese for every kind, with the file and the numbers, and no English sentence', () => {
    lang.value = 'zh-CN';
    for (const r of ALL) {
      const text = refusalText(r);
      expect(text, r.kind).not.toMatch(/\b(nothing|changed|cannot|the|was|is)\b/);
      if ('file' in r) expect(text, r.kind).toContain(FILE);
    }
    expect(refusalText(ALL[1]!)).toBe(`${FILE} 在列出之后已被更改；未删除任何内容`);
    expect(refusalText(ALL[9]!)).toBe(`无法写入 ${FILE}：磁盘已满；未创建该文件`);
    expect(refusalText(ALL[4]!)).toContain('第 4 行第 2 列');
    expect(refusalText(ALL[23]!)).toBe('一个 PreModelSwitch 钩子拒绝了从 small 切换到 big：预算用完；模型设置未保存');
    expect(refusalText(ALL[30]!)).toBe('输入中的 "permission_mode" 必须是以下之一：default, plan');
  });

  it("a failed request shows the refusal's words when it has one, else the sidecar's message", () => {
    lang.value = 'zh-CN';
    expect(messageOf(new RequestFailed('conflict', `${FILE} changed since it was listed; nothing was deleted`, ALL[1]!))).toBe(
      `${FILE} 在列出之后已被更改；未删除任何内容`,
    );
    expect(messageOf(new RequestFailed('refused', 'the input\'s "tool_name" must be a string'))).toBe('the input\'s "tool_name" must be a string');
  });
});
