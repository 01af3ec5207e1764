// The planner (hooks/fire/plan.ts; docs/hooks.md, "Why a hook did or did not run"): which hooks of
// an event run, in run order, and for every other one of the event the kind and words of why not.
// The fixtures are settings files read from their text by the real reader and composed as a
// session composes them; nothing runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { composeSources, type LoadedSources } from '../../src/hooks/config/compose.js';
import { readSettingsFile } from '../../src/hooks/config/sources.js';
import { compileMatcher } from '../../src/hooks/contract/matcher.js';
import type { HookSource } from '../../src/hooks/contract/types.js';
import { hooksToRun, notRunOf, planEvent, withoutDuplicates, type PlanInput } from '../../src/hooks/fire/plan.js';
import { settingsPaths } from '../../src/settings/paths.js';
import { loadShellParser } from '../../src/settings/shellParse.js';

const paths = settingsPaths('/p', '/h');
const PATH: Record<Exclude<HookSource, 'plugin' | 'programmatic'>, string> = { user: paths.user, project: paths.project, projectLocal: paths.projectLocal };

type Group = { matcher?: string; hooks: Array<Record<string, unknown>> };

/** A settings file's text: its hooks by event, and any other keys. */
const settings = (hooks: Record<string, Group[]>, keys: Record<string, unknown> = {}) => JSON.stringify({ ...keys, hooks }, null, 2);

/** The sources of a session from the text of its files (user, project, local), as the engine composes them. */
function sources(files: Partial<Record<keyof typeof PATH, string>>, trustProject = true): LoadedSources {
  const read = (Object.keys(files) as (keyof typeof PATH)[]).map((s) => readSettingsFile(s, PATH[s], { workdir: '/p', homeDir: '/h' }, files[s]!));
  return composeSources({ programmatic: null, files: read, trustProject, paths });
}

function input(src: LoadedSources, event: string, value: string | null, more: Partial<PlanInput> = {}): PlanInput {
  return { event, value, sources: src, matcher: compileMatcher, ...more };
}

const bash = (command: string) => ({ name: 'Bash', input: { command }, cwd: '/p' });
const names = (hooks: readonly { displayName: string }[]) => hooks.map((h) => h.displayName);
const why = (plan: ReturnType<typeof planEvent>) => plan.skipped.map((s) => [s.name, s.kind, s.detail, s.reason]);

beforeAll(() => loadShellParser());

describe('planEvent: the matcher', () => {
  const src = sources({
    user: settings({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ command: 'echo bash', description: 'bash guard' }] },
        { matcher: 'Edit|Write', hooks: [{ command: 'echo edit', description: 'format' }] },
        { hooks: [{ command: 'echo all', description: 'every tool' }] },
      ],
      Stop: [{ hooks: [{ command: 'echo stop', description: 'on stop' }] }],
    }),
  });

  it('runs the hooks whose matcher matches, in file order, and says of the other why not', () => {
    const plan = planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('ls') }));
    expect(names(plan.run)).toEqual(['bash guard', 'every tool']);
    expect(why(plan)).toEqual([['format', 'matcher', 'Edit|Write', 'matcher "Edit|Write" does not match "Bash"']]);
    expect(plan.skipped[0]!.value).toBe('Bash');
    // Hooks of other events are not part of the plan at all.
    expect(plan.skipped.some((s) => s.name === 'on stop')).toBe(false);
  });

  it('hooksToRun gives the same hooks as the plan, without building an explanation', () => {
    const p = input(src, 'PreToolUse', 'Write', { toolCall: { name: 'Write', input: { file_path: '/p/a.ts' }, cwd: '/p' } });
    expect(names(hooksToRun(p).run)).toEqual(names(planEvent(p).run));
    expect(names(hooksToRun(p).run)).toEqual(['format', 'every tool']);
  });

  it('an event without a matcher field (value null) runs every hook of the event', () => {
    expect(names(planEvent(input(src, 'Stop', null)).run)).toEqual(['on stop']);
  });

  it('the subagent tool answers to both of its names, Agent and Task', () => {
    const agents = sources({
      user: settings({
        PreToolUse: [
          { matcher: 'Task', hooks: [{ command: 'echo task', description: 'named Task' }] },
          { matcher: 'Agent', hooks: [{ command: 'echo agent', description: 'named Agent' }] },
        ],
      }),
    });
    const call = (name: string) => ({ name, input: { prompt: 'x' }, cwd: '/p' });
    expect(names(planEvent(input(agents, 'PreToolUse', 'Agent', { toolCall: call('Agent') })).run)).toEqual(['named Task', 'named Agent']);
    expect(names(planEvent(input(agents, 'PreToolUse', 'Task', { toolCall: call('Task') })).run)).toEqual(['named Task', 'named Agent']);
    expect(names(planEvent(input(agents, 'PreToolUse', 'Bash', { toolCall: bash('ls') })).run)).toEqual([]);
  });
});

describe('planEvent: if, once and the caller’s own filter', () => {
  const src = sources({
    user: settings({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { command: 'echo rm', description: 'rm guard', if: 'Bash(rm:*)' },
            { command: 'echo first', description: 'first time only', once: true },
          ],
        },
      ],
    }),
  });

  it('`if` runs the hook only for the calls its rule covers, any simple command of a compound one included', () => {
    expect(names(planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('cd x && rm -rf build') })).run)).toContain('rm guard');
    const plan = planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('ls -la') }));
    expect(names(plan.run)).toEqual(['first time only']);
    expect(why(plan)).toEqual([['rm guard', 'if', 'Bash(rm:*)', 'if "Bash(rm:*)" does not cover this call']]);
  });

  it('a `once` hook that already ran in the session does not run again', () => {
    const once = src.hooks.find((h) => h.displayName === 'first time only')!;
    const plan = planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('rm x'), ranOnce: new Set([once.id]) }));
    expect(names(plan.run)).toEqual(['rm guard']);
    expect(why(plan)).toEqual([['first time only', 'once', null, 'once: already ran']]);
  });

  it('a hook the caller leaves out is "not part of this firing"', () => {
    const plan = planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('rm x'), only: (h) => h.displayName === 'rm guard' }));
    expect(names(plan.run)).toEqual(['rm guard']);
    expect(why(plan)).toEqual([['first time only', 'notThisFiring', null, 'not part of this firing']]);
  });
});

describe('planEvent: disableAllHooks, trust, pending review, unreadable files', () => {
  it('disableAllHooks runs nothing and names the file that says so', () => {
    const src = sources({
      user: settings({ Stop: [{ hooks: [{ command: 'echo a', description: 'a' }] }] }),
      projectLocal: settings({ Stop: [{ hooks: [{ command: 'echo b', description: 'b' }] }] }, { disableAllHooks: true }),
    });
    const plan = planEvent(input(src, 'Stop', null));
    expect(plan.run).toEqual([]);
    expect(hooksToRun(input(src, 'Stop', null)).run).toEqual([]);
    expect(why(plan)).toEqual([
      ['a', 'disableAllHooks', paths.projectLocal, `disableAllHooks in ${paths.projectLocal}`],
      ['b', 'disableAllHooks', paths.projectLocal, `disableAllHooks in ${paths.projectLocal}`],
    ]);
  });

  it('in an untrusted workspace the project hooks do not run, and the plan says so', () => {
    const files = {
      user: settings({ Stop: [{ hooks: [{ command: 'echo u', description: 'mine' }] }] }),
      project: settings({ Stop: [{ hooks: [{ command: 'echo p', description: 'theirs' }] }] }),
    };
    const untrusted = sources(files, false);
    expect(names(hooksToRun(input(untrusted, 'Stop', null)).run)).toEqual(['mine']);
    const plan = planEvent(input(untrusted, 'Stop', null));
    expect(why(plan)).toEqual([['theirs', 'untrusted', null, 'project not trusted']]);
    expect(plan.skipped[0]!.source).toBe('project');
    expect(names(planEvent(input(sources(files, true), 'Stop', null)).run)).toEqual(['mine', 'theirs']);
  });

  it('hooks on disk the session does not run yet are listed as pending review', () => {
    const active = sources({ user: settings({ Stop: [{ hooks: [{ command: 'echo a', description: 'old' }] }] }) });
    const disk = sources({
      user: settings({
        Stop: [
          {
            hooks: [
              { command: 'echo a', description: 'old' },
              { command: 'echo n', description: 'new' },
            ],
          },
        ],
      }),
    });
    const pending = disk.hooks.filter((h) => h.displayName === 'new');
    const plan = planEvent(input(active, 'Stop', null), { pending });
    expect(names(plan.run)).toEqual(['old']);
    expect(why(plan)).toEqual([['new', 'pending', null, 'not active yet (pending review)']]);
    // Pending hooks of another event are not this event's business.
    expect(planEvent(input(active, 'SessionStart', 'startup'), { pending }).skipped).toEqual([]);
  });

  it('a file that is not valid JSON counts its hooks of the event as unreadable, at its line', () => {
    const broken = '{\n  "hooks": {\n    "Stop": [ { "hooks": [ { "command": "echo a" }, { "command": "echo b" } ] } ],\n  }\n  oops\n}';
    const src = sources({ user: settings({ Stop: [{ hooks: [{ command: 'echo u', description: 'mine' }] }] }), project: broken });
    const plan = planEvent(input(src, 'Stop', null));
    expect(names(plan.run)).toEqual(['mine']);
    expect(plan.skipped).toHaveLength(1);
    const [skipped] = plan.skipped;
    expect(skipped).toMatchObject({ hook: null, name: `2 hooks in ${paths.project}`, source: 'project', kind: 'unreadable' });
    expect(skipped!.detail).toMatch(new RegExp(`^${paths.project}:\\d+$`));
    expect(skipped!.reason).toMatch(/^settings file unreadable \(line \d+\)$/);
    // No hook of another event is claimed.
    expect(planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('ls') })).skipped).toEqual([]);
  });

  it('an invalid entry is dropped alone: the plan counts it and points at wave hooks validate', () => {
    const src = sources({
      user: settings({
        Stop: [
          {
            hooks: [
              { command: 'echo ok', description: 'fine' },
              { command: '', timeout: -5 },
            ],
          },
        ],
      }),
    });
    const plan = planEvent(input(src, 'Stop', null));
    expect(names(plan.run)).toEqual(['fine']);
    expect(why(plan)).toEqual([[`1 hook in ${paths.user}`, 'unreadable', paths.user, 'invalid entry (wave hooks validate says why)']]);
  });
});

describe('duplicates', () => {
  const src = sources({
    user: settings({ Stop: [{ hooks: [{ command: 'npm run lint', description: 'lint (user)' }] }] }),
    project: settings({
      Stop: [
        {
          hooks: [
            { command: 'npm run lint', description: 'lint (project)' },
            { command: 'npm test', description: 'tests' },
          ],
        },
      ],
    }),
  });

  it('identical handlers run once, the first in run order; the others say which one runs', () => {
    const plan = planEvent(input(src, 'Stop', null));
    expect(names(plan.run)).toEqual(['lint (user)', 'tests']);
    expect(plan.skipped.map((s) => [s.name, s.kind, s.detail])).toEqual([['lint (project)', 'duplicate', 'lint (user)']]);
    expect(plan.skipped[0]!.reason).toContain('lint (user)');
  });

  it('withoutDuplicates keeps run order and pairs each duplicate with the hook that runs', () => {
    const { run, duplicates } = withoutDuplicates(src.hooks);
    expect(names(run)).toEqual(['lint (user)', 'tests']);
    expect(duplicates.map((d) => [d.hook.displayName, d.of.displayName])).toEqual([['lint (project)', 'lint (user)']]);
    // The same hook is the same type and command (docs/hooks.md, "Order"): another timeout is still the same hook, another command is not.
    const other = sources({
      user: settings({ Stop: [{ hooks: [{ command: 'npm run lint' }, { command: 'npm run lint', timeout: 5 }, { command: 'npm run lint --fix' }] }] }),
    });
    const split = withoutDuplicates(other.hooks);
    expect(split.run.map((h) => h.handler.type === 'command' && h.handler.command)).toEqual(['npm run lint', 'npm run lint --fix']);
    expect(split.duplicates.map((d) => d.hook.jsonPath)).toEqual(['hooks.Stop[0].hooks[1]']);
  });
});

describe('notRunOf: the wire form of the plan', () => {
  it('carries event, name, source, kind and detail of each hook that does not run, the tested value only for a matcher', () => {
    const src = sources({
      user: settings({
        PreToolUse: [
          { matcher: 'Edit', hooks: [{ command: 'echo e', description: 'edit only' }] },
          { matcher: 'Bash', hooks: [{ command: 'echo r', description: 'rm guard', if: 'Bash(rm:*)' }] },
        ],
      }),
    });
    const plan = planEvent(input(src, 'PreToolUse', 'Bash', { toolCall: bash('ls') }));
    expect(notRunOf(plan)).toEqual([
      { event: 'PreToolUse', name: 'edit only', source: 'user', kind: 'matcher', detail: 'Edit', value: 'Bash' },
      { event: 'PreToolUse', name: 'rm guard', source: 'user', kind: 'if', detail: 'Bash(rm:*)' },
    ]);
  });
});
