// The Claude Code hooks on the settings page (docs/hooks.md, "Coming from Claude Code" and "The
// settings page"): which of `~/.claude/settings.json`, `.claude/settings.json` and
// `.claude/settings.local.json` have hooks that their Wave file does not have yet — Wave does not run
// them — and their import, `wave hooks import`'s plan (hooks/import/claudeImportFiles.ts) written as the
// user's own change: it applies at once, without review, like a delete on that page. The hooks of a
// project file are imported only into a trusted workspace.
import { planImport, type ImportedHook } from '../hooks/import/claudeImport.js';
import { addsAnything, importPairs, pairsFingerprint, planPair, type ImportPair, type ImportTarget, type PairPlan } from '../hooks/import/claudeImportFiles.js';
import type { SessionConfig } from '../hooks/config/sessionConfig.js';
import type { ClaudeHookInfo, ClaudeHooksFile, ClaudeImportDone, ClaudeNotImported, ClaudeSettingInfo } from '../protocol/protocol.js';
import { editOwnSettings, SettingsRefusal, UNDONE } from './settingsEdit.js';

const NOTHING = UNDONE.imported;
const BOM = '\uFEFF';

const info = (h: ImportedHook): ClaudeHookInfo => ({ event: h.event, matcher: h.matcher, what: h.what });

/** A Claude Code file that would add hooks, as the listing says it. */
function fileOf(p: PairPlan): Omit<ClaudeHooksFile, 'importable'> | null {
  if (!p.plan || !addsAnything(p.plan)) return null;
  return { from: p.target, file: p.from, to: p.to, hooks: p.plan.added.map(info), settings: p.plan.settings, notImported: p.plan.notImported };
}

export class ClaudeHooks {
  private readonly pairs: ImportPair[];
  /** The files' plans, read again only when one of the six files changed. */
  private cache: { fingerprint: string; files: Array<Omit<ClaudeHooksFile, 'importable'>> } | null = null;

  constructor(workdir: string, homeDir: string) {
    this.pairs = importPairs(workdir, homeDir);
  }

  /** Changes when a Claude Code file or its Wave file changes (the listing follows them). */
  fingerprint(): string {
    return pairsFingerprint(this.pairs);
  }

  /** The Claude Code files with hooks to import (none: empty). */
  list(trusted: boolean): ClaudeHooksFile[] {
    const fingerprint = this.fingerprint();
    if (this.cache?.fingerprint !== fingerprint) {
      this.cache = { fingerprint, files: this.pairs.map(planPair).flatMap((p) => fileOf(p) ?? []) };
    }
    return this.cache.files.map((f) => ({ ...f, importable: f.from === 'user' || trusted }));
  }

  /**
   * Imports the Claude Code file `from` (or every one with hooks to add) into its Wave file. Refuses
   * a project file in a workspace that is not trusted, and a file that cannot be read, before
   * anything is written.
   */
  import(from: ImportTarget | undefined, trusted: boolean, session: SessionConfig | null): ClaudeImportDone[] {
    const planned = this.pairs.filter((p) => !from || p.target === from).map(planPair);
    const failed = planned.find((p) => p.error);
    if (failed) throw new SettingsRefusal('refused', `${failed.error}; ${NOTHING}`, failed.why ? { ...failed.why, undone: 'imported' } : undefined);
    const todo = planned.filter((p) => addsAnything(p.plan));
    const untrusted = trusted ? undefined : todo.find((p) => p.target !== 'user');
    if (untrusted) {
      throw new SettingsRefusal(
        'refused',
        `the hooks of ${untrusted.from} are project hooks: they are imported only into a trusted workspace (trust it on the project tab first); ${NOTHING}`,
        { kind: 'untrustedImport', file: untrusted.from, undone: 'imported' },
      );
    }
    const done: ClaudeImportDone[] = [];
    for (const p of todo) {
      try {
        done.push(writeImport(p, session));
      } catch (err) {
        if (!done.length || !(err instanceof SettingsRefusal)) throw err;
        const imported = done.map((d) => d.file);
        throw new SettingsRefusal(err.code, `${err.message} (the hooks of ${imported.join(', ')} were imported)`, err.why && { ...err.why, imported });
      }
    }
    return done;
  }
}

/** Writes one import, planned again on the text it replaces; the session takes the file in at once. */
function writeImport(p: PairPlan, session: SessionConfig | null): ClaudeImportDone {
  let added: ImportedHook[] = [];
  let skipped = 0;
  let settings: ClaudeSettingInfo[] = [];
  let notImported: ClaudeNotImported[] = [];
  editOwnSettings(
    p.to,
    (text) => {
      // A byte order mark is kept where it was (docs/hooks.md, Validation).
      const bom = text.startsWith(BOM) ? BOM : '';
      const plan = planImport(p.claude, text.slice(bom.length), p.to, p.origin);
      added = plan.added;
      skipped = plan.skipped.length;
      settings = plan.settings;
      notImported = plan.notImported;
      return bom + plan.text;
    },
    session,
    'imported',
  );
  return { from: p.target, file: p.from, to: p.to, added: added.map(info), skipped, settings, notImported };
}
