// The last approved content of a reviewed file across sessions (docs/hooks.md, "Changes during a
// session"), on real files in a temporary home: a change a session saw stays pending until the file
// is back to its approved content or approved; the next reader starts from the approved text; a
// change made while no session looked is taken; the records are private.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApprovedStore } from '../../src/settings/approved.js';
import { ReviewedFile } from '../../src/settings/reviewedFile.js';

const root = mkdtempSync(join(tmpdir(), 'wave-approved-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ReviewedFile and ApprovedStore', () => {
  it('a change seen during a session is carried to the next one until reverted; one made while no session looked is taken', () => {
    const home = join(root, 'a');
    const store = new ApprovedStore(join(home, '.wave'));
    const file = join(root, 'a-settings.json');
    writeFileSync(file, '{"hooks":{}}\n');
    const first = new ReviewedFile(file, store);
    expect(first.carried).toBeNull();
    writeFileSync(file, '{"disableAllHooks":true}\n'); // the agent
    first.observed();
    expect(first.changed()).toBe(true);

    const second = new ReviewedFile(file, new ApprovedStore(join(home, '.wave')));
    expect(second.approvedText).toBe('{"hooks":{}}\n');
    expect(Date.parse(second.carried!)).toBeGreaterThan(0);
    expect(second.revert()).toBe('{"disableAllHooks":true}\n');

    const third = new ReviewedFile(file, store);
    expect(third.carried).toBeNull();
    writeFileSync(file, '{"env":{}}\n'); // the user, with no session looking
    expect(new ReviewedFile(file, store).approvedText).toBe('{"env":{}}\n');

    const dir = join(home, '.wave', 'approved');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
  });

  it("the user's own edit of a file with another change: the approved text gets that edit, the rest stays pending", () => {
    const store = new ApprovedStore(join(root, 'b', '.wave'));
    const file = join(root, 'b-settings.json');
    writeFileSync(file, '{"a":1}\n');
    const r = new ReviewedFile(file, store);
    writeFileSync(file, '{"a":1,"disableAllHooks":true}\n');
    r.observed();
    writeFileSync(file, '{"a":1,"disableAllHooks":true,"model":"m"}\n'); // the user's save on top
    r.approveEdit('{"a":1,"model":"m"}\n');
    expect(r.changed()).toBe(true);
    expect(new ReviewedFile(file, store).approvedText).toBe('{"a":1,"model":"m"}\n');
  });
});
