// What the settings page says about an import of Claude Code hooks (docs/hooks.md, "Coming from
// Claude Code"): each file's hooks, permission rules and env in one line each, what was left out and
// why, and after the import, per file: what came over, whether it waits for the user's Apply (its
// Wave file had a change in review, so the session does not run the new hooks yet), and the
// validation problems of the Wave file at once.
import type { ClaudeHookInfo, ClaudeImportDone, ClaudeNotImported, ClaudeSettingInfo, HooksListing } from '../host/protocol.js';
import { t, tn } from '../i18n/index.js';

/** A line above the list; `undo`: the token that puts a deleted hook back; `lines`: what it is about, one a line (the hooks imported). */
export type Notice = { kind: 'error' | 'success' | 'info'; text: string; undo?: string; lines?: string[] };

/** A hook of a Claude Code file in one line: `Event [matcher]  what`. */
export function claudeHookLine(h: ClaudeHookInfo): string {
  return `${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.what}`;
}

/** An imported permission rule or env variable, as a line: `permissions.deny  Bash(git push:*)`. */
export function claudeSettingLine(s: ClaudeSettingInfo): string {
  return `${s.key}  ${s.value}`;
}

/** What an import left out, as lines: the heading, then `model: <why>` each. */
export function notImportedLines(list: readonly ClaudeNotImported[]): string[] {
  return list.length ? [t('claude.notImported'), ...list.map((n) => t('claude.notImportedLine', { key: n.key, reason: n.reason }))] : [];
}

/** Whether hooks this import added are in its Wave file but not run by the session yet (pending review). */
export function waitsForApply(d: ClaudeImportDone, listing: HooksListing): boolean {
  return listing.hooks.some((h) => h.file === d.to && h.state === 'pending' && d.added.some((a) => a.event === h.event && a.what === h.command));
}

/** The validation problems of the Wave file an import wrote, as lines (none: empty). */
function problemLines(d: ClaudeImportDone, listing: HooksListing): string[] {
  const problems = listing.problems.filter((p) => p.file === d.to);
  if (!problems.length) return [];
  return [t('claude.problems'), ...problems.map((p) => t('claude.problemLine', { line: p.line ?? 1, message: p.message }))];
}

/** One file's part of the result: its heading, then what came over, what did not, and the problems. */
function fileResult(d: ClaudeImportDone, listing: HooksListing, shown: (path: string) => string): { heading: string; lines: string[]; waiting: boolean } {
  const words = { file: shown(d.file), to: shown(d.to) };
  const waiting = waitsForApply(d, listing);
  const what = d.added.length
    ? tn('claude.imported', d.added.length, words)
    : d.settings.length
      ? t('claude.importedSettings', words)
      : t('claude.importedNone', words);
  const lines = [...d.added.map(claudeHookLine), ...d.settings.map(claudeSettingLine), ...notImportedLines(d.notImported), ...problemLines(d, listing)];
  return { heading: waiting ? `${what} ${t('claude.waiting', words)}` : what, lines, waiting };
}

/** The notice after an import of one file or of all. */
export function importNotice(done: readonly ClaudeImportDone[], listing: HooksListing, shown: (path: string) => string): Notice {
  const parts = done.map((d) => fileResult(d, listing, shown));
  const anything = done.some((d) => d.added.length || d.settings.length);
  const kind = !anything || parts.some((p) => p.waiting) ? 'info' : 'success';
  if (parts.length === 1) return { kind, text: parts[0]!.heading, lines: parts[0]!.lines };
  const added = done.reduce((n, d) => n + d.added.length, 0);
  return { kind, text: tn('claude.importedAll', added, { files: done.length }), lines: parts.flatMap((p) => [p.heading, ...p.lines.map((l) => `  ${l}`)]) };
}
