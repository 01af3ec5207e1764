// The web UI's stores (webui/src/state) against a fake client: what each verb asks the sidecar,
// and what each pushed event does to what the views read.
import { describe, expect, it } from 'vitest';
import type { ConfigState, HookListItem, HooksListing, HookTestResult, Message } from '../../src/connection/protocol.js';
import { AppStore } from '../../src/state/appStore.js';
import { ChatStore } from '../../src/state/chatStore.js';
import { ConfigStore } from '../../src/state/configStore.js';
import { HooksStore } from '../../src/state/hooksStore.js';
import { FakeClient } from './fakeClient.js';

const hook = (id: string, source: HookListItem['source'], file: string): HookListItem => ({
  id,
  source,
  event: 'Stop',
  matcher: null,
  description: `hook ${id}`,
  command: `echo ${id}`,
  timeout: null,
  async: false,
  file,
  line: 3,
  editable: source !== 'plugin',
  pluginName: source === 'plugin' ? 'kit' : null,
  state: 'active',
  transcript: null,
});

const config: ConfigState = { review: [], problems: [], unread: null, start: null };

function listing(hooks: HookListItem[]): HooksListing {
  const files = [...new Set(hooks.map((h) => h.file))].map((path) => ({
    source: hooks.find((h) => h.file === path)!.source,
    path,
    exists: true,
    error: null,
    version: `v-${path}`,
  }));
  return {
    workdir: '/p',
    homeDir: '/h',
    projectName: 'p',
    files,
    hooks,
    problems: [],
    trust: { state: 'trusted', projectHasHooks: false, projectHooks: [] },
    config,
    claude: [],
  };
}

describe('HooksStore', () => {
  it('a pushed listing is grouped by tab; a confirmed delete sends the id with the version the user saw', async () => {
    const client = new FakeClient();
    const store = new HooksStore(client, new AppStore(client, 'settings'));
    const before = listing([
      hook('u1', 'user', '/h/.wave/settings.json'),
      hook('p1', 'project', '/p/.wave/settings.json'),
      hook('x1', 'plugin', '/h/.wave/plugins/kit/hooks/hooks.json'),
    ]);
    client.emit('hooks.changed', before);
    expect(store.list.byTab.value.user.map((h) => h.id)).toEqual(['u1']);
    store.list.selectTab('project');
    expect(store.list.hooks.value.map((h) => h.id)).toEqual(['p1']);
    client.answer('hooks.delete', () => ({ ...listing([hook('u1', 'user', '/h/.wave/settings.json')]), undo: 'undo-1' }));
    store.deletes.ask(store.list.hooks.value[0]!);
    await store.deletes.confirm();
    expect(client.requests.at(-1)).toEqual({ method: 'hooks.delete', params: { id: 'p1', version: 'v-/p/.wave/settings.json' } });
    expect(store.notice.current).toEqual({ kind: 'success', text: 'Deleted “hook p1”.', undo: 'undo-1' });
    expect(store.deletes.pending).toBeNull();
    // Undo sends the token of that delete back.
    client.answer('hooks.undoDelete', () => before);
    await store.deletes.undo(store.notice.current!.undo!);
    expect(client.requests.at(-1)).toEqual({ method: 'hooks.undoDelete', params: { undo: 'undo-1' } });
    expect(store.list.listing?.hooks.map((h) => h.id)).toEqual(['u1', 'p1', 'x1']);
  });

  it('a refused delete keeps the list as it was and says why', async () => {
    const client = new FakeClient().refuse('hooks.delete', 'conflict', 'the file changed since it was listed');
    const store = new HooksStore(client, new AppStore(client, 'settings'));
    client.emit('hooks.changed', listing([hook('u1', 'user', '/h/.wave/settings.json')]));
    expect(await store.deletes.delete('u1')).toBe(false);
    expect(store.list.listing?.hooks.map((h) => h.id)).toEqual(['u1']);
    expect(store.notice.current?.kind).toBe('error');
    expect(store.notice.current?.text).toContain('the file changed since it was listed');
  });

  it('Import of a Claude Code file sends its `from`, shows the tab of its Wave file and what was added; a refusal says why', async () => {
    const client = new FakeClient();
    const store = new HooksStore(client, new AppStore(client, 'settings'));
    const claude = {
      from: 'project' as const,
      file: '/p/.claude/settings.json',
      to: '/p/.wave/settings.json',
      hooks: [{ event: 'Stop', matcher: null, what: 'echo x' }],
      settings: [],
      notImported: [],
      importable: true,
    };
    client.emit('hooks.changed', { ...listing([]), claude: [claude] });
    expect(store.list.claude.value).toEqual([claude]);
    const added = [{ event: 'PreToolUse', matcher: 'Bash', what: 'echo x' }];
    client.answer('hooks.import', () => ({
      ...listing([hook('p1', 'project', claude.to)]),
      imported: [{ from: 'project', file: claude.file, to: claude.to, added, skipped: 0, settings: [], notImported: [] }],
    }));
    await store.imports.importClaude(claude.from);
    expect(client.requests.at(-1)).toEqual({ method: 'hooks.import', params: { from: 'project' } });
    expect(store.list.tab).toBe('project');
    expect(store.list.claude.value).toEqual([]);
    expect(store.notice.current).toEqual({
      kind: 'success',
      text: 'Imported 1 hook from <project>/.claude/settings.json into <project>/.wave/settings.json:',
      lines: ['PreToolUse [Bash]  echo x'],
    });
    expect(store.imports.importing).toBeNull();
    client.refuse('hooks.import', 'refused', 'not trusted');
    await store.imports.importClaude(claude.from);
    expect(store.notice.current).toEqual({ kind: 'error', text: 'The hooks were not imported: not trusted' });
  });

  it('Import all sends no `from`; hooks that wait in review say so, with the problems of the Wave file at once', async () => {
    const client = new FakeClient();
    const store = new HooksStore(client, new AppStore(client, 'settings'));
    const to = '/p/.wave/settings.json';
    const pending = { ...hook('p1', 'project', to), state: 'pending' as const };
    const problems = [{ severity: 'warning' as const, file: to, path: 'hooks.Stop[0]', line: 4, message: 'the script ./x.sh does not exist' }];
    client.answer('hooks.import', () => ({
      ...listing([pending]),
      problems,
      imported: [
        {
          from: 'project',
          file: '/p/.claude/settings.json',
          to,
          added: [{ event: 'Stop', matcher: null, what: 'echo p1' }],
          skipped: 0,
          settings: [],
          notImported: [],
        },
      ],
    }));
    await store.imports.importClaude('all');
    expect(client.requests.at(-1)).toEqual({ method: 'hooks.import', params: {} });
    expect(store.notice.current?.kind).toBe('info');
    expect(store.notice.current?.text).toContain('— waiting for your Apply');
    expect(store.notice.current?.lines).toEqual(['Stop  echo p1', 'Problems of the Wave file:', 'line 4: the script ./x.sh does not exist']);
  });
});

describe('HooksStore sections', () => {
  it('Test shows in its row while it runs, then its result, or the refusal in words; a row verb closes the open menu', async () => {
    const client = new FakeClient();
    const store = new HooksStore(client, new AppStore(client, 'settings'));
    client.emit('hooks.changed', listing([hook('u1', 'user', '/h/.wave/settings.json')]));
    const h = store.list.hooks.value[0]!;
    const result: HookTestResult = { event: 'Stop', payload: {}, runs: [], summary: 'nothing', decision: [], notRun: null, presets: [] };
    let finish: (r: HookTestResult) => void = () => undefined;
    client.answer('hooks.test', () => new Promise((resolve) => (finish = resolve)));
    store.menu.toggle('u1');
    const running = store.tests.run(h, { prompt: 'hi' });
    expect(store.menu.open).toBeNull();
    expect(store.tests.of('u1')).toEqual({ running: true });
    finish(result);
    await running;
    expect(client.requests.at(-1)).toEqual({ method: 'hooks.test', params: { id: 'u1', input: { prompt: 'hi' } } });
    expect(store.tests.all).toEqual({ u1: { result } });
    client.refuse('hooks.test', 'not_found', 'no hook u1 in the session');
    await store.tests.run(h);
    expect(store.tests.of('u1')).toEqual({ error: 'no hook u1 in the session' });
    store.tests.close('u1');
    expect(store.tests.all).toEqual({});
  });

  it('the parallel switch sends the version of the file as listed; a refusal says why and keeps the list', async () => {
    const client = new FakeClient().refuse('hooks.setParallel', 'conflict', 'the file changed since it was listed');
    const store = new HooksStore(client, new AppStore(client, 'settings'));
    client.emit('hooks.changed', listing([hook('u1', 'user', '/h/.wave/settings.json')]));
    await store.edits.setParallel(store.list.hooks.value[0]!, true);
    expect(client.requests.at(-1)).toEqual({ method: 'hooks.setParallel', params: { id: 'u1', parallel: true, version: 'v-/h/.wave/settings.json' } });
    expect(store.notice.current?.kind).toBe('error');
    expect(store.notice.current?.text).toContain('the file changed since it was listed');
    expect(store.list.listing?.hooks.map((x) => x.id)).toEqual(['u1']);
  });
});

describe('ChatStore', () => {
  const msg = (id: string, text: string): Message => ({ id, role: 'assistant', blocks: [{ type: 'text', content: text }] });

  it('pushed messages replace those of the same id and append the new ones', () => {
    const client = new FakeClient();
    const chat = new ChatStore(client, new AppStore(client, 'chat'));
    client.emit('chat.messages', { messages: [msg('a', 'he')] });
    client.emit('chat.messages', { messages: [msg('a', 'hello'), msg('b', 'world')] });
    expect(chat.messages.map((m) => [m.id, m.blocks[0]!.type === 'text' ? m.blocks[0]!.content : ''])).toEqual([
      ['a', 'hello'],
      ['b', 'world'],
    ]);
  });

  it('send clears the draft; a prompt blocked by a hook comes back into it (unless the user typed something new)', async () => {
    const client = new FakeClient().answer('chat.send', () => ({ accepted: true }));
    const chat = new ChatStore(client, new AppStore(client, 'chat'));
    chat.setDraft('deploy with key AKIA…');
    expect(await chat.send()).toBe(true);
    expect(chat.draft).toBe('');
    expect(chat.busy).toBe(true);
    client.emit('chat.promptBlocked', { text: 'deploy with key AKIA…' });
    expect(chat.draft).toBe('deploy with key AKIA…');
    chat.setDraft('something new');
    client.emit('chat.promptBlocked', { text: 'old' });
    expect(chat.draft).toBe('something new');
  });
});

describe('ConfigStore', () => {
  it('the review comes with config.changed; apply, dismiss and revert send the file and take the state they get back; undo sends the revert token', async () => {
    const client = new FakeClient();
    const store = new ConfigStore(client);
    const change = {
      path: '/p/.wave/settings.json',
      source: 'project' as const,
      added: [],
      removed: [],
      changed: [],
      keys: ['disableAllHooks'],
      disableAllHooks: true,
      deleted: false,
      parseError: null,
      kind: 'settings' as const,
      trust: null,
      since: null,
    };
    client.emit('config.changed', { ...config, review: [change] });
    expect(store.review.value.map((c) => c.path)).toEqual(['/p/.wave/settings.json']);
    client.answer('config.apply', () => config);
    await store.apply('/p/.wave/settings.json');
    expect(client.requests.at(-1)).toEqual({ method: 'config.apply', params: { path: '/p/.wave/settings.json' } });
    expect(store.review.value).toEqual([]);
    client.answer('config.dismiss', () => config);
    await store.dismiss();
    expect(client.requests.at(-1)).toEqual({ method: 'config.dismiss', params: {} });
    client.answer('config.revert', () => ({ config, undo: 'tok' }));
    await store.revert('/p/.wave/settings.json');
    expect(client.requests.at(-1)).toEqual({ method: 'config.revert', params: { path: '/p/.wave/settings.json' } });
    expect(store.undo).toEqual({ token: 'tok', path: '/p/.wave/settings.json' });
    client.answer('config.undoRevert', () => ({ ...config, review: [change] }));
    await store.undoRevert();
    expect(client.requests.at(-1)).toEqual({ method: 'config.undoRevert', params: { token: 'tok' } });
    expect(store.undo).toBeNull();
    expect(store.review.value.map((c) => c.path)).toEqual(['/p/.wave/settings.json']);
  });

  it('problems: errors first, then warnings', () => {
    const client = new FakeClient();
    const store = new ConfigStore(client);
    const p = (severity: 'error' | 'warning', message: string) => ({ severity, file: '/f', path: '', message });
    client.emit('config.changed', { ...config, problems: [p('warning', 'w1'), p('error', 'e1'), p('warning', 'w2')] });
    expect(store.problems.value.map((x) => x.message)).toEqual(['e1', 'w1', 'w2']);
  });
});

describe('ChatStore: a prefill over a draft', () => {
  it('keeps the draft: the prefill goes above it, its placeholder (else the whole prefill) selected', () => {
    const client = new FakeClient();
    const chat = new ChatStore(client, new AppStore(client, 'chat'));
    chat.prefill('Add a hook that <describe it>');
    expect(chat.draft).toBe('Add a hook that <describe it>');
    expect(chat.selection).toEqual([16, 29]);
    chat.setDraft('my half-written question');
    chat.prefill('Change the hook "lint"');
    expect(chat.draft).toBe('Change the hook "lint"\n\nmy half-written question');
    expect(chat.selection).toEqual([0, 22]);
    chat.setDraft('my question');
    client.emit('chat.promptBlocked', { text: 'blocked prompt' });
    expect(chat.draft).toBe('my question');
  });
});
