// The session's side of "Wave's own files ask" (docs/hooks.md, "Safety"): the script files its
// hooks name (a write to one asks, like a settings file), and what an approved write to a settings
// file does: the user saw the change and said yes, so it applies at once, as an edit on Wave's own
// settings page does (the seed's "the AI writes the new hook" flow costs one click).
import type { FireContext } from '../hooks/fire/fireTypes.js';
import { scriptOf } from '../hooks/config/guards.js';
import type { HookManager } from '../hooks/fire/manager.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import type { ConfiguredHook } from '../hooks/contract/types.js';

const scriptsOf = new WeakMap<readonly ConfiguredHook[], string[]>();

/** The script files the hook commands name (absolute), computed once per snapshot. */
export function hookScripts(hooks: readonly ConfiguredHook[], workdir: string): string[] {
  let scripts = scriptsOf.get(hooks);
  if (!scripts) {
    scripts = [
      ...new Set(hooks.flatMap((h) => (h.handler.type === 'command' ? [scriptOf(h.handler.command, { workdir })?.path].filter((p): p is string => !!p) : []))),
    ];
    scriptsOf.set(hooks, scripts);
  }
  return scripts;
}

/**
 * Called before an approved write: remembers which of the settings files had no other change
 * waiting for review. The returned function, called after the write, fires ConfigChange for them
 * (a ConfigChange hook may still refuse) and takes those files into the session's snapshot; a file
 * that already had another change waiting keeps the whole change in review.
 */
export function approvedSettingsWrite(config: SessionConfig, manager: HookManager, paths: readonly string[], context: () => FireContext): () => Promise<void> {
  const settingsFiles = new Set(config.disk().map((f) => f.file.path));
  const clean = paths.filter((p) => !config.changes().some((c) => c.path === p) && (settingsFiles.has(p) || isSettingsPath(config, p)));
  return async () => {
    // A hook script the user saw written runs as written: the approval was its review.
    manager.approveScriptWrites(paths);
    if (!clean.length) return;
    await manager.observeConfig(context());
    const offered = new Set(config.review().map((c) => c.path));
    for (const p of clean) if (offered.has(p)) config.apply(p);
  };
}

/** A settings file the session reads, even when it does not exist yet (a new `.wave/settings.json`). */
function isSettingsPath(config: SessionConfig, path: string): boolean {
  const { user, project, projectLocal } = config.paths;
  return [user, project, projectLocal].includes(path);
}
