// One hook row as plain DOM elements: event (+ matcher), description, command, source badge, its
// file (a link that opens it: Open file), its chips and its figures from the run history (runs,
// failures, p95, last run); actions: Test for every hook, Edit and Delete for user and project
// hooks (plugin hooks are read-only); in a narrow window one menu button instead. Plain DOM
// (cloned from a template, texts set through textContent, never HTML strings: a hook's text comes
// from files the user may not have written), because a list of hundreds built this way is in the
// DOM several times faster than through the virtual DOM (docs/benchmarks.md, "500-hook render").
// The icons are CSS masks.
// Two empty `display: contents` slots hold what is a component: the open menu and a Test result.
import type { HookFigures, HookListItem } from '../../../host/protocol.js';
import { t, tn } from '../../../i18n/index.js';
import { formatAgo } from '../../common/time.js';
import { badgeText, type RowWords } from './HookRow.js';

type Child = Node | string | null | false | undefined;

/** An element with its attributes (absent when undefined or false) and children (strings as text). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined | false>,
  ...kids: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const k in attrs) {
    const v = attrs[k];
    if (v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const c of kids) if (c) e.append(c);
  return e;
}

/** What a row's look depends on besides its hook (the same for every row of one list). */
export interface RowView {
  words: RowWords;
  narrow: boolean;
  shown: (path: string) => string;
}

/** A built row and the parts of it that change without rebuilding it. */
export interface RowParts {
  li: HTMLLIElement;
  meta: HTMLElement;
  /** The figures now shown (null: the hook has no runs on record). */
  figures: HTMLElement | null;
  figuresKey: string;
  /** The narrow window's menu button (null in a wide window). */
  more: HTMLButtonElement | null;
  menuSlot: HTMLElement;
  testSlot: HTMLElement;
  /** The flag of a matcher that targets an MCP server that is not connected, and what it says. */
  mcpFlag?: HTMLElement | null;
  mcpKey?: string;
}

const slot = (name: string) => el('span', { class: 'row-slot', 'data-slot': name });

/**
 * The row of a view with every optional part present and the words of the view in place: each
 * row is a clone of it, filled in and stripped of what its hook does not have (cloning is native
 * work; building the same elements one call at a time from script is about three times slower).
 */
export function rowTemplate({ words: w, narrow }: RowView): HTMLLIElement {
  const button = (label: string, action: string, cls: string) => el('button', { type: 'button', class: `button small${cls}`, 'data-action': action }, label);
  const actions = narrow
    ? [
        el(
          'button',
          { type: 'button', class: 'button small more-actions', 'aria-haspopup': 'menu', 'aria-expanded': 'false', title: w.more, 'data-action': 'more' },
          '⋯',
        ),
      ]
    : [button(w.test, 'test', ''), button(w.edit, 'edit', ' with-icon icon-edit'), button(w.delete, 'delete', ' danger-text with-icon icon-trash')];
  return el(
    'li',
    {},
    el(
      'div',
      { class: 'hook-main' },
      el(
        'div',
        { class: 'hook-head' },
        el('span', { class: 'event', 'data-field': 'event' }),
        el('span', { class: 'matcher' }),
        el('span', { class: 'description', 'data-field': 'description' }),
      ),
      el('code', { class: 'command', 'data-field': 'command' }),
      el(
        'div',
        { class: 'hook-meta' },
        el('span', { class: 'badge' }),
        el('span', { class: 'chip state-chip' }),
        el('span', { class: 'chip' }),
        el('span', { class: 'chip' }, w.async),
        el('span', { class: 'chip', 'data-field': 'transcript', title: w.jsonl.title }, w.jsonl.label),
        el('span', { class: 'readonly with-icon icon-lock' }),
        el('button', { type: 'button', class: 'file file-link', 'data-action': 'open' }),
        el('span', { class: 'chip', 'data-field': 'onFailure', title: w.onFailure.title }, w.onFailure.label),
        el('span', { class: 'chip chip-warn', 'data-field': 'changedTargets' }, w.changed.label),
        el('button', { type: 'button', class: 'button small', 'data-action': 'approve' }, w.changed.approve),
      ),
    ),
    el('div', { class: 'hook-actions' }, ...actions, slot('menu')),
    slot('test'),
  );
}

const text = (e: Element, value: string, title?: string) => {
  e.textContent = value;
  if (title !== undefined) e.setAttribute('title', title);
};

/** The hook's row: a clone of the view's template, filled in (every text through textContent). */
export function buildRow(h: HookListItem, v: RowView, template: HTMLLIElement): RowParts {
  const li = template.cloneNode(true) as HTMLLIElement;
  li.className = `hook-row state-${h.state}`;
  li.setAttribute('data-hook-id', h.id);
  li.setAttribute('data-source', h.source);
  li.setAttribute('data-state', h.state);
  const [main, actions, testSlot] = [li.children[0]!, li.children[1]!, li.children[2] as HTMLElement];
  const [head, command, meta] = [main.children[0]!, main.children[1]!, main.children[2] as HTMLElement];
  text(head.children[0]!, h.event);
  if (h.matcher) text(head.children[1]!, h.matcher, h.matcher);
  else head.children[1]!.remove();
  text(head.lastElementChild!, h.description, h.description);
  text(command, h.command, h.command);
  fillMeta(meta, h, v);
  const more = fillActions(actions, h, v);
  return { li, meta, figures: null, figuresKey: '', more, menuSlot: actions.lastElementChild as HTMLElement, testSlot };
}

function fillMeta(meta: HTMLElement, h: HookListItem, { words: w, shown }: RowView): void {
  const c = meta.children;
  const [badge, state, timeout, async, jsonl, readonly, open] = [c[0], c[1], c[2], c[3], c[4], c[5], c[6]];
  const [onFailure, changed, approve] = [c[7], c[8], c[9]];
  badge!.className = `badge badge-${h.source}`;
  badge!.setAttribute('data-badge', h.source);
  badge!.textContent = badgeText(h.source, h.pluginName);
  if (h.state !== 'active') {
    state!.classList.add(`state-chip-${h.state}`);
    text(state!, w.state[h.state].label, w.state[h.state].title);
  } else state!.remove();
  if (h.timeout !== null) timeout!.textContent = t('hooks.timeout', { n: h.timeout });
  else timeout!.remove();
  if (!h.async) async!.remove();
  if (h.transcript !== 'jsonl') jsonl!.remove();
  if (!h.editable) text(readonly!, t('hooks.readOnly', { name: h.pluginName ?? '' }), h.file);
  else readonly!.remove();
  const file = shown(h.file);
  text(open!, h.line !== null ? `${file}:${h.line}` : file, `${w.open}: ${h.file}`);
  open!.setAttribute('aria-label', `${w.open} ${h.description}: ${file}`);
  if (!h.onFailure) onFailure!.remove();
  if (h.changedTargets) {
    changed!.setAttribute('title', h.changedTargets.join('\n'));
    approve!.setAttribute('aria-label', `${w.changed.approve}: ${h.description}`);
  } else {
    changed!.remove();
    approve!.remove();
  }
}

/** Names each action after the hook; drops Edit and Delete of a read-only hook. The menu button, if any. */
function fillActions(actions: Element, h: HookListItem, { words: w, narrow }: RowView): HTMLButtonElement | null {
  const buttons = actions.children;
  if (narrow) {
    const more = buttons[0] as HTMLButtonElement;
    more.id = `more-${h.id}`;
    more.setAttribute('aria-label', `${w.more} ${h.description}`);
    return more;
  }
  const [test, edit, del] = [buttons[0], buttons[1], buttons[2]];
  test!.setAttribute('aria-label', `${w.test} ${h.description}`);
  if (h.editable) {
    edit!.setAttribute('aria-label', `${w.edit} ${h.description}`);
    del!.setAttribute('aria-label', `${w.delete} ${h.description}`);
  } else {
    edit!.remove();
    del!.remove();
  }
  return null;
}

/** Flags a hook whose matcher targets MCP servers that are not connected (docs/mcp.md), or unflags it. */
export function showMcpFlag(row: RowParts, targets: ReadonlyArray<{ server: string; state: string }>): void {
  const key = targets.map((x) => `${x.server}:${x.state}`).join(' ');
  if (key === (row.mcpKey ?? '')) return;
  row.mcpKey = key;
  row.mcpFlag?.remove();
  row.mcpFlag = null;
  if (!targets.length) return;
  const words = targets.map((x) => t('mcp.flag.chip', { name: x.server, state: t(`mcp.flag.${x.state}` as Parameters<typeof t>[0]) }));
  row.mcpFlag = el('span', { class: 'chip mcp-flag', 'data-field': 'mcp', title: t('mcp.flag.title') }, words.join(' · '));
  row.meta.prepend(row.mcpFlag);
}

/** Shows the hook's figures (or none), rebuilding them only when what they say changed. */
export function showFigures(row: RowParts, f: HookFigures | undefined, now: number): void {
  const ago = f ? formatAgo(f.lastRun, now) : '';
  const key = f ? `${f.runs} ${f.blocks} ${f.failures} ${Math.round(f.p95Ms)} ${f.lastRun} ${ago}` : '';
  if (key === row.figuresKey) return;
  row.figuresKey = key;
  row.figures?.remove();
  row.figures = f ? figuresOf(f, ago) : null;
  if (row.figures) row.meta.append(row.figures);
}

function figuresOf(f: HookFigures, ago: string): HTMLElement {
  return el(
    'span',
    { class: 'figures', 'data-field': 'figures', title: t('hooks.fig.title', { last: f.lastRun }) },
    el('span', { 'data-fig': 'runs' }, tn('hooks.fig.runs', f.runs)),
    f.blocks > 0 && el('span', { 'data-fig': 'blocks' }, t('hooks.fig.blocks', { n: f.blocks })),
    el('span', { 'data-fig': 'failures', class: f.failures > 0 ? 'fig-bad' : '' }, t('hooks.fig.failures', { n: f.failures })),
    el('span', { 'data-fig': 'p95' }, t('hooks.fig.p95', { ms: Math.round(f.p95Ms) })),
    el('span', { 'data-fig': 'last' }, t('hooks.fig.last', { ago })),
  );
}
