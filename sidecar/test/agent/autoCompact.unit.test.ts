// When automatic compaction is tried again after a failure (agent/autoCompact.ts): not in the same
// turn, and in a later one only once the estimate grew by a tenth of the window; the user is told once.
import { describe, expect, it } from 'vitest';
import { AutoCompaction } from '../../src/agent/autoCompact.js';

const WINDOW = 10_000;
const failed = { ok: false, error: 'Compaction failed: the model returned an empty summary' };

describe('AutoCompaction', () => {
  it('waits for a later turn and for the conversation to grow; says it once; a success resets', () => {
    const a = new AutoCompaction();
    const [t1, t2, t3] = [{}, {}, {}];
    expect(a.due(7_000, WINDOW, 0.8, t1)).toBe(false); // under the threshold
    expect(a.due(8_500, WINDOW, 0.8, t1)).toBe(true);
    expect(a.after(failed, 8_500, t1)).toContain('tried again once the conversation has grown');
    expect(a.due(9_900, WINDOW, 0.8, t1)).toBe(false); // same turn, even grown
    expect(a.due(9_000, WINDOW, 0.8, t2)).toBe(false); // later turn, not grown enough
    expect(a.due(9_500, WINDOW, 0.8, t2)).toBe(true);
    expect(a.after(failed, 9_500, t2)).toBeNull(); // said once
    expect(a.after({ ok: true }, 9_500, t3)).toBeNull();
    expect(a.due(8_100, WINDOW, 0.8, t3)).toBe(true);
    expect(a.after(failed, 8_100, t3)).not.toBeNull(); // a new failure after a success is told again
  });
});
