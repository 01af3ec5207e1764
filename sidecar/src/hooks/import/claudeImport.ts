// `wave hooks import` (docs/hooks.md, "Coming from Claude Code"): the hooks of a Claude Code
// settings file added to a Wave settings file with format-preserving edits — every other byte of
// the Wave file stays — skipping hooks that are already there. Each imported command handler gets
// `"transcript": "jsonl"`, so it reads the Claude Code format transcript it was written for, a
// handler without a description gets one saying where it came from ("from .claude/settings.json"),
// and each imported group gets `"parallel": true`, so its hooks start together as Claude Code starts
// them (docs/hooks.md, "Parallel groups"). Its permission rules and env come along
// (claudeImportSettings.ts). Pure: text in, text out.
import { readHandler, summarize } from '../config/handlerRead.js';
import { handlerIdentity } from '../handlers/table.js';
import { planSettingsImport, type ImportedSetting, type NotImported } from './claudeImportSettings.js';
import { applyEdits, format, type FormattingOptions } from 'jsonc-parser';
import { formattingOf, insertValue, parsedObject } from './jsonInsert.js';
import { EVENTS, isHookEvent } from '../contract/events.js';
import { isObject } from '../../util/objects.js';

export type { ImportedSetting, NotImported } from './claudeImportSettings.js';

export interface ImportedHook {
  event: string;
  matcher: string | null;
  /** The command, `POST <url>` or `prompt: …`. */
  what: string;
}

export interface ImportPlan {
  /** The new text of the Wave file (unchanged when nothing is added). */
  text: string;
  added: ImportedHook[];
  /** Already in the Wave file (same event, matcher and command, url or prompt). */
  skipped: ImportedHook[];
  /** Permission rules and env added. */
  settings: ImportedSetting[];
  /** Permission rules and env already in the Wave file. */
  settingsThere: ImportedSetting[];
  /** The keys of the Claude Code file that are not imported, and why. */
  notImported: NotImported[];
}

type Handler = Record<string, unknown>;
type Group = { matcher?: unknown; hooks?: unknown };

/**
 * What a handler runs, in one line, as the handler table says it. An entry Wave cannot read (Claude
 * Code's `agent` type, a command missing) is copied as written and named by its type and what it
 * says, so the list of what was imported never reads "undefined"; the Wave file's validation says why it does not run.
 */
function whatOf(h: Handler): string {
  const read = readHandler(h);
  if (read.handler) return read.summary;
  const type = typeof h.type === 'string' ? h.type : 'command';
  const body = [h.command, h.url, h.prompt].find((v): v is string => typeof v === 'string');
  if (type === 'command' && body !== undefined) return body;
  return `${type}: ${body === undefined ? '(nothing to run)' : summarize(body, 200)}`;
}

/** Identity of a handler for "already there": event, matcher and the handler table's identity (an entry Wave cannot read: as written). */
function keyOf(event: string, matcher: unknown, h: Handler): string {
  const read = readHandler(h);
  return JSON.stringify([event, typeof matcher === 'string' ? matcher : '', read.handler ? handlerIdentity(read.handler) : h]);
}

function existingKeys(hooks: unknown): Set<string> {
  const keys = new Set<string>();
  if (!isObject(hooks)) return keys;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups as Group[]) {
      if (!isObject(g) || !Array.isArray(g.hooks)) continue;
      for (const h of g.hooks) if (isObject(h)) keys.add(keyOf(event, g.matcher, h));
    }
  }
  return keys;
}

function imported(h: Handler, origin: string | undefined): Handler {
  const type = h.type ?? 'command';
  const described = origin && h.description === undefined ? { ...h, description: `from ${origin}` } : h;
  return type === 'command' && h.transcript === undefined ? { ...described, transcript: 'jsonl' } : described;
}

/** Claude Code starts an event's matching hooks together; Wave's WorktreeCreate runs them in order (the first path wins). */
function startsTogether(event: string): boolean {
  return !isHookEvent(event) || !EVENTS[event].firstPathWins;
}

/**
 * Adds the hooks of `claude` (a Claude Code settings file's value) to the Wave file `waveText`
 * (null: the file does not exist yet), one new matcher group per source group with the handlers
 * that are not there yet, then its permission rules and env; `to` names the Wave file in reasons,
 * `origin` the Claude Code file in the descriptions of the hooks it adds.
 */
export function planImport(claude: unknown, waveText: string | null, to = 'the Wave file', origin?: string): ImportPlan {
  const source = isObject(claude) ? claude : {};
  const start = waveText?.trim() ? waveText : null;
  const empty = start === null;
  const fmt = formattingOf(start ?? '');
  const hooks = planHooks(source.hooks, start ?? '{}\n', fmt, origin);
  const s = planSettingsImport(source, hooks.text, fmt, to);
  const changed = hooks.added.length > 0 || s.added.length > 0;
  // A new file has no layout to keep: it is laid out whole.
  const text = !changed ? (waveText ?? '') : empty ? applyEdits(s.text, format(s.text, undefined, fmt)) : s.text;
  return { ...hooks, text, settings: s.added, settingsThere: s.there, notImported: s.notImported };
}

/** The hooks part of the import. */
function planHooks(claudeHooks: unknown, text: string, fmt: FormattingOptions, origin: string | undefined): Pick<ImportPlan, 'text' | 'added' | 'skipped'> {
  const have = existingKeys(parsedObject(text).hooks);
  const added: ImportedHook[] = [];
  const skipped: ImportedHook[] = [];
  if (!isObject(claudeHooks)) return { text, added, skipped };
  for (const [event, groups] of Object.entries(claudeHooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups as Group[]) {
      if (!isObject(g) || !Array.isArray(g.hooks)) continue;
      const matcher = typeof g.matcher === 'string' ? g.matcher : null;
      const fresh: Handler[] = [];
      for (const h of g.hooks) {
        if (!isObject(h)) continue;
        const entry = { event, matcher, what: whatOf(h) };
        const key = keyOf(event, g.matcher, h);
        if (have.has(key)) skipped.push(entry);
        else {
          have.add(key);
          added.push(entry);
          fresh.push(imported(h, origin));
        }
      }
      if (!fresh.length) continue;
      const group = { ...(matcher !== null ? { matcher } : {}), ...(startsTogether(event) ? { parallel: true } : {}), hooks: fresh };
      const events = parsedObject(text).hooks as Record<string, unknown> | undefined;
      const append = Array.isArray(events?.[event]);
      text = insertValue(text, append ? ['hooks', event, -1] : ['hooks', event], append ? group : [group], fmt, append);
    }
  }
  return { text, added, skipped };
}
