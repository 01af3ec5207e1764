// The handlers of the protocol's requests (protocol.ts, `Handlers`): one per method, given its
// params already validated by the method's schema, returning the method's result type. A handler
// refuses with a RequestError (its code goes back to the client).
import { existsSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { setJsonValue } from '../settings/jsonEdit.js';
import { settingsPaths } from '../settings/paths.js';
import { coverageOf } from './coverage.js';
import { reviewRequests } from './reviewRequests.js';
import { projectHookDetails } from './trustDetails.js';
import { editOwnSettings, SettingsRefusal, UNDONE } from './settingsEdit.js';
import type { ErrorCode, Handlers, Hello } from '../protocol/protocol.js';
import type { Client, Services } from './services.js';
import { messageOf } from '../util/errors.js';

export class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type { Client } from './services.js';

/** Closes the settings tab, shows the chat and prefills it (in this order for the IDE). */
function toChat(app: Services, prefill: string): void {
  app.host.send({ host: 'closeSettings' });
  app.host.send({ host: 'showChat' });
  app.prefill(prefill);
}

/** Opens the settings file a new hook of this source goes to (made, with `hooks`, when missing). */
function openTarget(app: Services, source: 'user' | 'project'): string {
  const paths = settingsPaths(app.workdir, app.homeDir);
  const path = source === 'user' ? paths.user : paths.project;
  if (!existsSync(path)) editOwnSettings(path, (text) => setJsonValue(text, ['hooks'], {}), app.chat.sessionConfig(), 'created');
  app.host.send({ host: 'openFile', path });
  return path;
}

/** Every host request is a JSON line on stdout, in the order asked (docs/architecture.md). */
function hostRequests(app: Services): Pick<Handlers<Client>, 'host.openFile' | 'host.closeSettings' | 'host.showChat' | 'hooks.edit' | 'hooks.create'> {
  return {
    'host.openFile': ({ path: raw, line }) => {
      // Paths are absolute, resolved here: never `~`, never relative.
      const path = raw === '~' || raw.startsWith('~/') ? resolve(app.homeDir, raw.slice(2)) : resolve(app.workdir, raw);
      app.host.send({ host: 'openFile', path, ...(line ? { line } : {}) });
      return { ok: true };
    },
    'host.closeSettings': () => (app.host.send({ host: 'closeSettings' }), { ok: true }),
    'host.showChat': () => (app.host.send({ host: 'showChat' }), { ok: true }),
    'hooks.edit': ({ id, prefill }) => {
      const item = app.settings.list().hooks.find((h) => h.id === id);
      // Never invent a path: without one, only the prefill happens.
      if (item?.file) app.host.send({ host: 'openFile', path: item.file });
      // No model: the prompt could not be answered, so the file stays open and the settings too.
      if (!app.model.client.target) return { ok: true, opened: item?.file ?? null };
      toChat(app, prefill);
      return { ok: true, opened: null };
    },
    'hooks.create': ({ prefill, source }) => {
      if (!app.model.client.target) {
        const path = openTarget(app, source ?? 'user');
        return { ok: true, opened: path };
      }
      toChat(app, prefill);
      return { ok: true, opened: null };
    },
  };
}

function chatRequests(
  app: Services,
): Pick<Handlers<Client>, 'chat.state' | 'chat.send' | 'chat.abort' | 'chat.permission' | 'chat.prefill' | 'chat.stopHook' | 'chat.elicitation'> {
  return {
    'chat.state': async () => (await app.chat.whenReady(), app.chat.state()),
    'chat.send': async ({ text }) => {
      await app.chat.whenReady();
      try {
        app.chat.send(text);
      } catch (err) {
        throw new RequestError('busy', messageOf(err));
      }
      return { accepted: true };
    },
    'chat.abort': async () => (await app.chat.whenReady(), app.chat.abort(), { ok: true }),
    'chat.permission': async ({ requestId, behavior, message, always }) => {
      await app.chat.whenReady();
      const answered = app.chat.answer(requestId, behavior, message, always);
      if (!answered) throw new RequestError('not_found', 'that permission request is no longer pending');
      return { ok: true, ...answered };
    },
    'chat.stopHook': async ({ runId, then }) => {
      await app.chat.whenReady();
      if (!app.chat.stopHook(runId, then)) throw new RequestError('not_found', 'that hook is no longer running');
      return { ok: true };
    },
    'chat.prefill': ({ text }) => (app.prefill(text), { ok: true }),
    'chat.elicitation': ({ requestId, action, content }) => {
      if (!app.chat.elicitations.answer(requestId, { action, ...(content ? { content } : {}) }))
        throw new RequestError('not_found', 'that request for input was already answered or is gone');
      return { ok: true };
    },
  };
}

type HooksMethods =
  | 'hooks.list'
  | 'hooks.delete'
  | 'hooks.setParallel'
  | 'hooks.undoDelete'
  | 'hooks.approveTargets'
  | 'hooks.import'
  | 'hooks.stats'
  | 'hooks.runs'
  | 'hooks.test'
  | 'hooks.coverage'
  | 'hooks.rerun';

function hooksRequests(app: Services): Pick<Handlers<Client>, HooksMethods> {
  return {
    'hooks.list': () => app.settings.list(),
    'hooks.delete': ({ id, version }) => {
      const listing = app.settings.delete(id, version);
      const { undo: _undo, ...rest } = listing;
      app.pushListing(rest);
      return listing;
    },
    'hooks.undoDelete': ({ undo }) => app.pushListing(app.settings.undoDelete(undo)),
    'hooks.setParallel': ({ id, parallel, version }) => app.pushListing(app.settings.setParallel(id, parallel, version)),
    'hooks.approveTargets': async () => {
      await app.chat.whenReady();
      app.chat.approveTargets();
      return app.pushListing(app.settings.list());
    },
    'hooks.import': ({ from }) => {
      const result = app.settings.importClaude(from);
      const { imported: _imported, ...listing } = result;
      app.pushListing(listing);
      return result;
    },
    'hooks.stats': () => ({ hooks: app.runs.stats() }),
    'hooks.runs': (q) => app.runs.runs(q),
    'hooks.coverage': () => coverageOf(app),
    'hooks.rerun': async ({ id }) => {
      const result = await app.runs.rerun(id);
      app.broadcast('hooks.stats', { hooks: app.runs.stats() });
      return result;
    },
    'hooks.test': async ({ id, input }) => {
      const result = await app.runs.test(id, input);
      app.broadcast('hooks.stats', { hooks: app.runs.stats() });
      return result;
    },
  };
}

/**
 * A save that changes the model of the running session asks its PreModelSwitch hooks first: a refusal
 * saves nothing and says why (docs/hooks.md, "PreModelSwitch"). Returns what fires PostModelSwitch after the save.
 */
async function askSwitch(app: Services, to: string): Promise<{ done(): Promise<void> } | null> {
  const from = app.model.name;
  const sw = app.chat.modelSwitch();
  if (!sw || !from || !to || from === to) return null;
  const s = { from_model: from, to_model: to, requested_model: to, source: 'settings' as const };
  const refused = await sw.ask(s);
  if (refused !== null)
    throw new SettingsRefusal('refused', `a PreModelSwitch hook refused the switch from ${from} to ${to}: ${refused}; ${UNDONE.modelSaved}`, {
      kind: 'switchRefused',
      from,
      to,
      reason: refused,
      undone: 'modelSaved',
    });
  return { done: () => sw.done(s) };
}

function modelRequests(app: Services): Pick<Handlers<Client>, 'model.get' | 'model.save' | 'model.test'> {
  return {
    'model.get': () => app.model.state(),
    'model.save': async (form) => {
      const switched = await askSwitch(app, form.model.trim());
      const state = app.model.save(form);
      if (switched) await switched.done();
      app.broadcast('model.changed', state);
      app.pushListing(app.settings.list());
      return state;
    },
    'model.test': (form) => app.model.test(form),
  };
}

/** The MCP section (docs/mcp.md, "In the IDE"): each action answers with the new listing. */
function mcpRequests(app: Services): Pick<Handlers<Client>, 'mcp.list' | 'mcp.approve' | 'mcp.restart' | 'mcp.openFile'> {
  const hub = async () => {
    await app.chat.whenReady();
    const h = app.chat.mcp();
    if (!h) throw new RequestError('not_found', 'the session has no MCP servers');
    return h;
  };
  const named = async (name: string) => {
    const h = await hub();
    const view = h.servers().find((s) => s.name === name);
    if (!view) throw new RequestError('not_found', `no MCP server "${name}" is configured`);
    return { h, view };
  };
  return {
    'mcp.list': async () => (await app.chat.whenReady(), app.chat.mcpListing()),
    'mcp.approve': async ({ name }) => {
      const { h, view } = await named(name);
      if (view.status.state !== 'needs-approval') throw new RequestError('conflict', `the MCP server "${name}" does not wait for approval`);
      await h.approve(name);
      return app.chat.mcpListing();
    },
    'mcp.restart': async ({ name }) => {
      const { h } = await named(name);
      await h.restart(name);
      return app.chat.mcpListing();
    },
    'mcp.openFile': async ({ name }) => {
      const { view } = await named(name);
      if (!isAbsolute(view.file)) throw new RequestError('not_found', `the MCP server "${name}" is not configured in a file`);
      // Open first, then close the settings tab: the IDE keeps that order (docs/architecture.md).
      app.host.send({ host: 'openFile', path: view.file });
      app.host.send({ host: 'closeSettings' });
      return { ok: true, opened: view.file };
    },
  };
}

export function createHandlers(app: Services): Handlers<Client> {
  return {
    hello: ({ view }, { transport, afterResponse }) => {
      afterResponse(() => app.greet(transport, view));
      return {
        version: app.version,
        workdir: app.workdir,
        homeDir: app.homeDir,
        projectName: basename(app.workdir),
        model: app.model.state(),
        trust: app.trustInfo(),
        config: app.settings.list().config,
      } satisfies Hello;
    },
    'trust.set': async ({ trusted }) => {
      const was = app.trust.state(app.workdir);
      app.trust.set(app.workdir, trusted);
      const info = app.trustInfo();
      app.broadcast('trust.changed', info);
      app.broadcast('hooks.changed', app.settings.list());
      // Trusted in a session that already started: the project's SessionStart hooks run now.
      if (trusted && was !== 'trusted') await app.chat.trustGranted();
      return info;
    },
    'trust.hooks': () => ({ hooks: projectHookDetails(app.workdir, app.homeDir) }),
    ...reviewRequests(app),
    ...hooksRequests(app),
    ...mcpRequests(app),
    ...modelRequests(app),
    ...chatRequests(app),
    ...hostRequests(app),
  };
}
