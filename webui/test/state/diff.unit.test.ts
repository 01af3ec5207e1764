// The approval's diff (state/diff.ts): an Edit's old → new text; a Write's new text against the
// file as it is (the sidecar sends it), so a Write over Wave's settings shows what changes.
import { describe, expect, it } from 'vitest';
import { approvalDiff } from '../../src/state/diff.js';

describe('approvalDiff', () => {
  it('a Write over an existing file: only the changed lines are marked', () => {
    const before = '{\n  "hooks": {}\n}';
    const after = '{\n  "disableAllHooks": true,\n  "hooks": {}\n}';
    expect(approvalDiff('Write', { content: after }, before)!.lines.map((l) => `${l.kind} ${l.text}`)).toEqual([
      'same {',
      'add   "disableAllHooks": true,',
      'same   "hooks": {}',
      'same }',
    ]);
  });

  it('a Write of a new file: every line is added', () => {
    expect(approvalDiff('Write', { content: 'a\nb' })!.lines.map((l) => l.kind)).toEqual(['add', 'add']);
  });
});
