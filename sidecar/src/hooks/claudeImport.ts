// `wave hooks import` (docs/hooks.md, "Coming from Claude Code"): the hooks of a Claude Code
// settings file added to a Wave settings file with format-preserving edits — every other byte of
// the Wave file stays — skipping hooks that are already there. Each imported command handler gets
// `"transcript": "jsonl"`, so it reads the Claude Code format transcript it was written for. Pure:
// text in, text out.
import { applyEdits, modify, parse, type FormattingOptions } from 'jsonc-parser';

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
}

type Handler = Record<string, unknown>;
type Group = { matcher?: unknown; hooks?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function whatOf(h: Handler): string {
  if (h.type === 'http') return `POST ${String(h.url)}`;
  if (h.type === 'prompt') return `prompt: ${String(h.prompt)}`;
  return String(h.command);
}

/** Identity of a handler for "already there": event, matcher and what it runs. */
function keyOf(event: string, matcher: unknown, h: Handler): string {
  return JSON.stringify([event, typeof matcher === 'string' ? matcher : '', whatOf(h)]);
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

/** The indentation the file already uses (two spaces when it cannot tell). */
function formatting(text: string): FormattingOptions {
  const m = /\n([ \t]+)\S/.exec(text);
  const indent = m ? m[1]! : '  ';
  return { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

function imported(h: Handler): Handler {
  const type = h.type ?? 'command';
  return type === 'command' && h.transcript === undefined ? { ...h, transcript: 'jsonl' } : h;
}

/**
 * Adds the hooks of `claudeHooks` (a Claude Code file's `hooks` value) to the Wave file `waveText`
 * (null: the file does not exist yet), one new matcher group per source group with the handlers
 * that are not there yet.
 */
export function planImport(claudeHooks: unknown, waveText: string | null): ImportPlan {
  let text = waveText?.trim() ? waveText : '{}\n';
  const current = parse(text) as unknown;
  const target = isObject(current) ? current : {};
  const have = existingKeys(target.hooks);
  const added: ImportedHook[] = [];
  const skipped: ImportedHook[] = [];
  const fmt = formatting(text);
  if (!isObject(claudeHooks)) return { text: waveText ?? '', added, skipped };
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
          fresh.push(imported(h));
        }
      }
      if (!fresh.length) continue;
      const group = { ...(matcher !== null ? { matcher } : {}), hooks: fresh };
      const events = (parse(text) as { hooks?: Record<string, unknown> }).hooks;
      const path = Array.isArray(events?.[event]) ? ['hooks', event, -1] : ['hooks', event];
      const value = Array.isArray(events?.[event]) ? group : [group];
      text = applyEdits(text, modify(text, path, value, { formattingOptions: fmt, isArrayInsertion: true }));
    }
  }
  return { text: added.length ? text : (waveText ?? ''), added, skipped };
}
