// The settings in force from the files in run order (settings/merge.ts; docs/hooks.md, "Where hooks
// are configured"): what each key does when several files set it, and what a file that may only
// restrict (an untrusted project) still adds.
import { describe, expect, it } from 'vitest';
import { defaultSettings, mergeSettings, type SettingsLayer } from '../../src/settings/merge.js';
import type { SettingsKeys } from '../../src/settings/schema.js';

const layer = (path: string, keys: Record<string, unknown>, widens = true): SettingsLayer => ({ path, keys: keys as SettingsKeys, widens });

describe('mergeSettings', () => {
  it('no file: the defaults', () => {
    expect(mergeSettings([])).toEqual(defaultSettings());
    expect(defaultSettings()).toMatchObject({ turnBudgetSeconds: 600, contextWindowTokens: 200_000, autoCompactThreshold: 0.8, disableAllHooks: false, disabledBy: null });
  });

  it('env merges per variable, a later file winning; permission rules concatenate in file order', () => {
    const out = mergeSettings([
      layer('/u', { env: { A: 'user', B: 'user' }, permissions: { allow: ['Bash(ls:*)'], deny: ['Bash(rm:*)'], ask: ['Write'] } }),
      layer('/p', { env: { B: 'project', C: 'project' }, permissions: { allow: ['Read'], deny: ['Edit(.env)'] } }),
    ]);
    expect(out.env).toEqual({ A: 'user', B: 'project', C: 'project' });
    expect(out.permissions).toEqual({ allow: ['Bash(ls:*)', 'Read'], deny: ['Bash(rm:*)', 'Edit(.env)'], ask: ['Write'] });
  });

  it('disableAllHooks from any file, naming the first file that set it', () => {
    const out = mergeSettings([layer('/u', {}), layer('/p', { disableAllHooks: true }), layer('/l', { disableAllHooks: true })]);
    expect(out).toMatchObject({ disableAllHooks: true, disabledBy: '/p' });
    expect(mergeSettings([layer('/u', { disableAllHooks: false })])).toMatchObject({ disableAllHooks: false, disabledBy: null });
  });

  it('the turn budget, compaction and model keys come from the last file that sets them', () => {
    const out = mergeSettings([
      layer('/u', { hookTurnBudgetSeconds: 30, contextWindowTokens: 1000, autoCompactThreshold: 0.5, model: 'user-model' }),
      layer('/p', { hookTurnBudgetSeconds: 42, autoCompactThreshold: 0.9 }),
    ]);
    expect(out).toMatchObject({ turnBudgetSeconds: 42, contextWindowTokens: 1000, autoCompactThreshold: 0.9 });
    expect(out.model).toEqual({ model: 'user-model' });
  });

  it('a file that may only restrict adds its deny and ask rules and nothing else', () => {
    const out = mergeSettings([
      layer('/u', { env: { A: 'user' }, permissions: { allow: ['Read'] } }),
      layer('/untrusted', { env: { A: 'evil', PATH: '/evil' }, disableAllHooks: true, hookTurnBudgetSeconds: 1, model: 'evil', permissions: { allow: ['Bash'], deny: ['Bash(curl:*)'], ask: ['Edit'] } }, false),
    ]);
    expect(out.env).toEqual({ A: 'user' });
    expect(out.permissions).toEqual({ allow: ['Read'], deny: ['Bash(curl:*)'], ask: ['Edit'] });
    expect(out).toMatchObject({ disableAllHooks: false, turnBudgetSeconds: 600, model: {} });
  });

  it('never changes the layers it is given', () => {
    const keys = { env: { A: '1' }, permissions: { allow: ['Read'], deny: [], ask: [] } };
    const copy = structuredClone(keys);
    mergeSettings([layer('/u', keys), layer('/p', { env: { A: '2' }, permissions: { allow: ['Write'] } })]);
    expect(keys).toEqual(copy);
  });
});
