// The review's requests (docs/hooks.md, "Changes during a session"): Apply takes a changed file's
// content into the session; Revert writes back the content the session runs (the agent's edit goes,
// the user's approved content stays) and can be undone; Dismiss hides a change until it changes
// again. The trust store is reviewed like a settings file (docs/hooks.md, "Trust").
import { randomUUID } from 'node:crypto';
import { textHash } from '../settings/approved.js';
import { diskText, restoreText } from '../settings/reviewedFile.js';
import type { ConfigState, Handlers } from '../protocol/protocol.js';
import type { Client, Services } from './services.js';
import { refuse, SettingsRefusal, UNDONE } from './settingsEdit.js';
import { errnoOf, messageOf } from '../util/errors.js';

type ReviewMethods = 'config.apply' | 'config.dismiss' | RevertMethods;
type RevertMethods = 'config.revert' | 'config.undoRevert';

/** What a Revert replaced, for its Undo. */
interface RevertUndo {
  path: string;
  before: string | null;
  /** The content the Revert left: Undo is refused once the file changed again. */
  after: string;
}

function sessionOf(app: Services) {
  const session = app.chat.sessionConfig();
  if (!session) throw new SettingsRefusal('not_found', 'there is no session yet', { kind: 'noSession', undone: null });
  return session;
}

export function reviewRequests(app: Services): Pick<Handlers<Client>, ReviewMethods> {
  const state = (): ConfigState => app.pushListing(app.settings.list()).config;
  return {
    'config.apply': async ({ path }) => {
      await app.chat.whenReady();
      if (path !== app.trust.file) sessionOf(app).apply(path);
      if ((path === undefined || path === app.trust.file) && app.trust.review(app.workdir)) {
        const was = app.trust.state(app.workdir);
        app.trust.apply();
        app.broadcast('trust.changed', app.trustInfo());
        // Trusted now, in a session that already started: the project's SessionStart hooks run.
        if (was !== 'trusted' && app.trust.state(app.workdir) === 'trusted') await app.chat.trustGranted();
      }
      return state();
    },
    'config.dismiss': async ({ path }) => {
      await app.chat.whenReady();
      sessionOf(app).dismiss(path);
      return state();
    },
    ...revertRequests(app, state),
  };
}

/** Revert, and its Undo (the last ten reverts can be undone while their file stays as the revert left it). */
function revertRequests(app: Services, state: () => ConfigState): Pick<Handlers<Client>, RevertMethods> {
  const undos = new Map<string, RevertUndo>();
  return {
    'config.revert': async ({ path }) => {
      await app.chat.whenReady();
      let before: string | null;
      try {
        if (path === app.trust.file) before = app.trust.revert();
        else {
          const r = sessionOf(app).revert(path);
          if (!r)
            throw new SettingsRefusal('not_found', `${path} is not a file under review; ${UNDONE.reverted}`, {
              kind: 'notUnderReview',
              file: path,
              undone: 'reverted',
            });
          before = r.before;
        }
      } catch (err) {
        if (err instanceof SettingsRefusal) throw err;
        throw new SettingsRefusal('refused', `cannot revert ${path}: ${messageOf(err)}; check the file`, {
          kind: 'cannotWrite',
          file: path,
          cause: errnoOf(err),
          detail: messageOf(err),
          undone: 'reverted',
        });
      }
      const token = randomUUID();
      undos.set(token, { path, before, after: textHash(diskText(path)) });
      for (const old of [...undos.keys()].slice(0, -10)) undos.delete(old);
      return { config: state(), undo: token };
    },
    'config.undoRevert': async ({ token }) => {
      const undo = undos.get(token);
      if (!undo) throw refuse.undoExpired('revert');
      if (textHash(diskText(undo.path)) !== undo.after)
        throw new SettingsRefusal('conflict', `${undo.path} changed since the revert; ${UNDONE.restored}`, {
          kind: 'changedWhile',
          file: undo.path,
          undone: 'restored',
        });
      // The change comes back as it was: on disk, under review again (the session noticed it).
      restoreText(undo.path, undo.before);
      undos.delete(token);
      await app.chat.checkConfig();
      return state();
    },
  };
}
