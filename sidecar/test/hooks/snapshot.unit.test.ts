// The session's snapshot of its settings (hooks/config/snapshot.ts, compose.ts, sessionConfig.ts;
// docs/hooks.md, "Changes during a session", "Where hooks are configured"): how the files compose
// into what runs, what counts as a change of a file and what does not, and that a change on disk
// runs only once it is applied. Files are read from their text by the real reader; the session's
// settings object reads a temporary directory.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composeSources, readProgrammatic } from '../../src/hooks/config/compose.js';
import { SessionConfig } from '../../src/hooks/config/sessionConfig.js';
import { applyFile, configSourceOf, diffFile, diffFiles, hookKey, pendingIds, withoutHook } from '../../src/hooks/config/snapshot.js';
import { readSettingsFile, type FileSettings } from '../../src/hooks/config/sources.js';
import { settingsPaths } from '../../src/settings/paths.js';

const TMP = mkdtempSync(join(tmpdir(), 'wave-snapshot-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const paths = settingsPaths('/p', '/h');
const checks = { workdir: '/p', homeDir: '/h' };
type Layer = 'user' | 'project' | 'projectLocal';
const PATH: Record<Layer, string> = { user: paths.user, project: paths.project, projectLocal: paths.projectLocal };

/** One settings file read from its text (null: the file does not exist). */
const file = (source: Layer, text: string | null): FileSettings => readSettingsFile(source, PATH[source], checks, text);
const stop = (...commands: string[]) => ({ Stop: [{ hooks: commands.map((command) => ({ command })) }] });
const text = (value: Record<string, unknown>) => JSON.stringify(value, null, 2);
const commands = (hooks: readonly { summary: string }[]) => hooks.map((h) => h.summary);

describe('composeSources: what a session runs from', () => {
  it('hooks run in source order: programmatic, user, project, project local', () => {
    const src = composeSources({
      programmatic: readProgrammatic(stop('echo sdk')),
      files: [
        file('user', text({ hooks: stop('echo user') })),
        file('project', text({ hooks: stop('echo project') })),
        file('projectLocal', text({ hooks: stop('echo local') })),
      ],
      trustProject: true,
      paths,
    });
    expect(commands(src.hooks)).toEqual(['echo sdk', 'echo user', 'echo project', 'echo local']);
    expect(src.hooks.map((h) => h.source)).toEqual(['programmatic', 'user', 'project', 'projectLocal']);
    expect(src.untrustedHooks).toEqual([]);
  });

  it('an untrusted project runs no hooks and may restrict tools but neither widen nor switch off anything', () => {
    const project = text({
      hooks: stop('echo project'),
      disableAllHooks: true,
      env: { FROM: 'project' },
      permissions: { allow: ['Bash(*)'], deny: ['Bash(curl:*)'] },
    });
    const files = [file('user', text({ hooks: stop('echo user'), env: { FROM: 'user' } })), file('project', project)];
    const untrusted = composeSources({ programmatic: null, files, trustProject: false, paths });
    expect(commands(untrusted.hooks)).toEqual(['echo user']);
    expect(commands(untrusted.untrustedHooks)).toEqual(['echo project']);
    expect(untrusted.settings).toMatchObject({ disableAllHooks: false, disabledBy: null, env: { FROM: 'user' } });
    expect(untrusted.settings.permissions.allow).toEqual([]);
    expect(untrusted.settings.permissions.deny).toEqual(['Bash(curl:*)']);

    const trusted = composeSources({ programmatic: null, files, trustProject: true, paths });
    expect(trusted.settings).toMatchObject({ disableAllHooks: true, disabledBy: paths.project, env: { FROM: 'project' } });
    expect(trusted.settings.permissions.allow).toEqual(['Bash(*)']);
  });
});

describe('configSourceOf', () => {
  it('names each source as ConfigChange does (its `source` field)', () => {
    expect(['user', 'project', 'projectLocal', 'plugin'].map((s) => configSourceOf(s as 'user'))).toEqual([
      'user_settings',
      'project_settings',
      'local_settings',
      'plugin',
    ]);
  });
});

describe('diffFile: what changes a snapshot', () => {
  const before = file('project', text({ hooks: stop('echo a', 'echo b'), env: { A: '1' } }));

  it('the same content, its formatting or $schema aside, is no change', () => {
    expect(diffFile(before, file('project', JSON.stringify({ hooks: stop('echo a', 'echo b'), env: { A: '1' } })))).toBeNull();
    expect(diffFile(before, file('project', text({ $schema: 'https://x/settings.schema.json', hooks: stop('echo a', 'echo b'), env: { A: '1' } })))).toBeNull();
  });

  it('a hook added, one removed and one changed in place are told apart', () => {
    const c = diffFile(before, file('project', text({ hooks: stop('echo a', 'echo B', 'echo c'), env: { A: '1' } })))!;
    expect(c).toMatchObject({
      path: paths.project,
      source: 'project',
      configSource: 'project_settings',
      keys: [],
      deleted: false,
      parseError: null,
      disableAllHooks: null,
    });
    expect(c.changed.map((x) => [x.before.command, x.after.command])).toEqual([['echo b', 'echo B']]);
    expect(c.added.map((h) => [h.event, h.command, h.jsonPath])).toEqual([['Stop', 'echo c', 'hooks.Stop[0].hooks[2]']]);
    expect(c.removed).toEqual([]);
    const removed = diffFile(before, file('project', text({ hooks: stop('echo a'), env: { A: '1' } })))!;
    expect(removed.removed.map((h) => h.command)).toEqual(['echo b']);
  });

  it('hooks that only moved are no change; a group made parallel is', () => {
    expect(diffFile(before, file('project', text({ hooks: stop('echo b', 'echo a'), env: { A: '1' } })))).toBeNull();
    const parallel = file('project', text({ hooks: { Stop: [{ parallel: true, hooks: [{ command: 'echo a' }, { command: 'echo b' }] }] }, env: { A: '1' } }));
    expect(hookKey(parallel.hooks[0]!)).not.toBe(hookKey(before.hooks[0]!));
    expect(diffFile(before, parallel)?.changed).toHaveLength(2);
  });

  it('other keys are named, and disableAllHooks says what the disk says', () => {
    const c = diffFile(before, file('project', text({ hooks: stop('echo a', 'echo b'), env: { A: '2' }, disableAllHooks: true })))!;
    expect(c.keys.sort()).toEqual(['disableAllHooks', 'env']);
    expect(c.disableAllHooks).toBe(true);
    expect([c.added, c.removed, c.changed]).toEqual([[], [], []]);
  });

  it('a file deleted, and a file newly broken, are changes (applying would drop its hooks)', () => {
    expect(diffFile(before, file('project', null))).toMatchObject({ deleted: true, removed: [{ command: 'echo a' }, { command: 'echo b' }] });
    const broken = diffFile(before, file('project', '{ "hooks": '))!;
    expect(broken.parseError).toMatchObject({ line: 1 });
    // Still broken the same way: nothing new to review.
    expect(diffFile(file('project', '{ "hooks": '), file('project', '{ "hooks": '))).toBeNull();
  });
});

describe('the snapshot and the disk', () => {
  const user = file('user', text({ hooks: stop('echo u') }));
  const project = file('project', text({ hooks: stop('echo p', 'echo p') }));

  it('diffFiles lists every changed file in run order, a file only the snapshot has included', () => {
    const diskUser = file('user', text({ hooks: stop('echo u', 'echo new') }));
    const local = file('projectLocal', text({ hooks: stop('echo l') }));
    const changes = diffFiles([user, project], [diskUser, local]);
    expect(changes.map((c) => [c.path, c.added.length, c.removed.length])).toEqual([
      [paths.user, 1, 0],
      [paths.projectLocal, 1, 0],
      [paths.project, 0, 2],
    ]);
    expect([...pendingIds([diskUser, project], [user, project])]).toEqual([diskUser.hooks[1]!.id]);
  });

  it('applyFile takes one file from the disk and keeps the order of files', () => {
    const local = file('projectLocal', text({ hooks: stop('echo l') }));
    const diskProject = file('project', text({ hooks: stop('echo p2') }));
    const applied = applyFile([user, local], [user, diskProject, local], paths.project);
    expect(applied.map((f) => f.file.path)).toEqual([paths.user, paths.project, paths.projectLocal]);
    expect(commands(applied[1]!.hooks)).toEqual(['echo p2']);
    // A file gone from the disk leaves the snapshot.
    expect(applyFile([user, project], [user], paths.project).map((f) => f.file.path)).toEqual([paths.user]);
  });

  it('withoutHook drops one copy of a hook the user deleted', () => {
    const after = withoutHook([user, project], paths.project, hookKey(project.hooks[0]!));
    expect(commands(after[1]!.hooks)).toEqual(['echo p']);
    expect(after[0]).toBe(user);
  });
});

describe('SessionConfig: a change on disk runs only once applied', () => {
  it('the session runs its snapshot; the change is offered, pending, dismissed until it changes again, then applied', () => {
    const [home, work] = [join(TMP, 'home'), join(TMP, 'work')];
    const at = settingsPaths(work, home);
    mkdirSync(at.userDir, { recursive: true });
    mkdirSync(work, { recursive: true });
    writeFileSync(at.user, text({ hooks: stop('echo one') }));
    const config = new SessionConfig({ workdir: work, homeDir: home, approved: null });
    expect(commands(config.sources().hooks)).toEqual(['echo one']);

    writeFileSync(at.user, text({ hooks: stop('echo one', 'echo two') }));
    expect(commands(config.sources().hooks)).toEqual(['echo one']);
    expect(config.review().map((c) => [c.path, c.added.map((h) => h.command)])).toEqual([[at.user, ['echo two']]]);
    expect(commands(config.pendingHooks())).toEqual(['echo two']);
    expect(config.isClean(at.user)).toBe(false);

    config.dismiss(at.user);
    expect(config.review()).toEqual([]);
    expect(config.changes()).toHaveLength(1);
    writeFileSync(at.user, text({ hooks: stop('echo one', 'echo three') }));
    expect(config.review().map((c) => c.added.map((h) => h.command))).toEqual([['echo three']]);

    config.apply(at.user);
    expect(commands(config.sources().hooks)).toEqual(['echo one', 'echo three']);
    expect(config.review()).toEqual([]);
    expect(config.pendingHooks()).toEqual([]);
  });
});
