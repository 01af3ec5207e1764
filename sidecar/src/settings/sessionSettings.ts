// The session's settings object, as its readers see it (docs/architecture.md, "Settings of a
// session"): the settings in force — permissions, env, the model keys, compaction, the hook switches —
// read from the session's snapshot of the settings files, composed with the current trust decision.
// The session owns the snapshot (hooks/config/sessionConfig.ts implements this interface, because a
// settings file's `hooks` are read with the hook schema); the agent, the server and the CLI read
// settings here, and the hook engine is given the same object to read its hooks from.
import type { EffectiveSettings } from './merge.js';
import type { SettingsPaths } from './paths.js';

export interface SessionSettings {
  /** The session's settings files and folders. */
  readonly paths: SettingsPaths;
  /** The settings in force now: the snapshot (a change on disk counts once applied), composed with the current trust. */
  current(): EffectiveSettings;
}
