// Claude Code events that have a meaning in Wave and are rows of its event table (docs/hooks.md,
// "FileChanged", "PreModelSwitch"): FileChanged on the files of SessionStart's `watchPaths` and the
// file names of the matchers; PreModelSwitch / PostModelSwitch when a subagent's definition names
// another model, a refusal keeping the session's. Through the real `wave -p`, real hooks and the
// scripted model server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, call, cleanupSandboxes, ensureBuilt, errorTexts, group, scenario, type Sandbox } from '../harness.js';
import { BYPASS, router, SETTLE_ENV, waitFile } from '../work/harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** A model turn given once the hook labelled `label` has run `n` times (its dump is written). */
const after = (sb: () => Sandbox, label: string, n: number, turn: Parameters<typeof call>) => async () => {
  await waitFile(sb().outFile(`${label}-${n - 1}.json`));
  return call(...turn);
};

describe('FileChanged', () => {
  it('fires for the files SessionStart returned in watchPaths and the file names of its matchers, on add, change and unlink, with file_path and event', async () => {
    let box: Sandbox | undefined;
    const sb = () => box!;
    const watch = answer({ hookSpecificOutput: { hookEventName: 'SessionStart', watchPaths: ['config.json'] } });
    const { sb: s, json } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup: (x) => void (box = x),
      settings: (x) => ({
        hooks: {
          SessionStart: [group([x.hook('start', { stdout: watch })])],
          FileChanged: [group([x.hook('any')]), group([x.hook('envrc')], '.envrc')],
        },
      }),
      script: [
        call('Bash', { command: 'echo 1 > config.json' }, 'c1'),
        after(sb, 'any', 1, ['Bash', { command: 'echo 2 > config.json' }, 'c2']),
        after(sb, 'any', 2, ['Bash', { command: 'echo x > .envrc' }, 'c3']),
        after(sb, 'envrc', 1, ['Bash', { command: 'rm config.json' }, 'c4']),
        async () => (await waitFile(sb().outFile('any-3.json')), { text: 'done' }),
      ],
    });
    expect(json.result).toBe('done');
    const w = s.workdir;
    expect(s.dumps('any').map((d) => [d.hook_event_name, d.file_path, d.event])).toEqual([
      ['FileChanged', `${w}/config.json`, 'add'],
      ['FileChanged', `${w}/config.json`, 'change'],
      ['FileChanged', `${w}/.envrc`, 'add'],
      ['FileChanged', `${w}/config.json`, 'unlink'],
    ]);
    expect(s.dumps('envrc').map((d) => [d.file_path, d.event])).toEqual([[`${w}/.envrc`, 'add']]);
  });
});

describe('PreModelSwitch / PostModelSwitch', () => {
  const setup = (x: Sandbox) => void x.file('.wave/agents/fast.md', '---\nname: fast\ndescription: quick\nmodel: fast-model\n---\nBe quick.\n');
  const routes = () => router({ main: [call('Agent', { description: 'd', prompt: 'P', subagent_type: 'fast' }), { text: 'DONE' }], 'sub:fast': [{ text: 'FAST-DONE' }] });

  it('a subagent whose definition names another model: PreModelSwitch gets from_model, to_model, requested_model, source; PostModelSwitch follows the switch', async () => {
    const r = routes();
    const { sb } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup,
      settings: (x) => ({ hooks: { PreModelSwitch: [group([x.hook('pre')], 'subagent')], PostModelSwitch: [group([x.hook('post')])] } }),
      script: r.script,
    });
    const fields = { from_model: 'scripted-model', to_model: 'fast-model', requested_model: 'fast-model', source: 'subagent' };
    expect(sb.dumps('pre')).toEqual([expect.objectContaining({ hook_event_name: 'PreModelSwitch', ...fields, agent_type: 'fast' })]);
    expect(sb.dumps('post')).toEqual([expect.objectContaining({ hook_event_name: 'PostModelSwitch', ...fields })]);
    expect(r.of('sub:fast')[0]!.body.model).toBe('fast-model');
  });

  it('a PreModelSwitch hook that denies keeps the session’s model, says why to the user, and PostModelSwitch does not fire', async () => {
    const r = routes();
    const deny = answer({ hookSpecificOutput: { hookEventName: 'PreModelSwitch', permissionDecision: 'deny', permissionDecisionReason: 'fast-model is not approved here' } });
    const { sb, messages } = await scenario({
      args: BYPASS,
      env: SETTLE_ENV,
      setup,
      settings: (x) => ({ hooks: { PreModelSwitch: [group([x.hook('pre', { stdout: deny })])], PostModelSwitch: [group([x.hook('post')])] } }),
      script: r.script,
    });
    expect(r.of('sub:fast')[0]!.body.model).toBe('scripted-model');
    expect(sb.dumps('post')).toEqual([]);
    // For the user only (the harness checks that no error block reaches the model).
    expect(errorTexts(messages)).toContain('[fast agent_1] keeps the model scripted-model, not fast-model: fast-model is not approved here');
  });
});
