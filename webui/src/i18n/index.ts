// The UI language: `?lang=` (the IDE passes it), else the user's last choice, else the browser's
// language. `t()` reads the `lang` signal, so every component that translates re-renders on a switch.
import { signal } from '@preact/signals';
import { en, type Dict, type Key } from './en.js';
import { zhCN } from './zh-CN.js';

export type Lang = 'zh-CN' | 'en';
export type { Key } from './en.js';

export const LANGS: ReadonlyArray<{ id: Lang; label: string }> = [
  { id: 'zh-CN', label: '中文' },
  { id: 'en', label: 'English' },
];

const DICTS: Record<Lang, Dict> = { 'zh-CN': zhCN, en };
const STORAGE_KEY = 'wave.lang';

/** Maps any language tag to a supported language (`zh`, `zh_CN`, `zh-Hans` → zh-CN; else en). */
export function normalizeLang(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t.startsWith('zh')) return 'zh-CN';
  if (t.startsWith('en')) return 'en';
  return null;
}

function storedLang(): Lang | null {
  try {
    return normalizeLang(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

export function detectLang(search: string, browserLangs: readonly string[]): Lang {
  const fromQuery = normalizeLang(new URLSearchParams(search).get('lang'));
  if (fromQuery) return fromQuery;
  const stored = storedLang();
  if (stored) return stored;
  for (const l of browserLangs) {
    const n = normalizeLang(l);
    if (n) return n;
  }
  return 'en';
}

export const lang = signal<Lang>('en');

export function setLang(next: Lang, remember = true): void {
  lang.value = next;
  document.documentElement.lang = next;
  if (!remember) return;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // storage unavailable (JCEF with storage off): the choice lasts for this page
  }
}

/** The text of `key` in the current language, with `{name}` parameters filled in. */
export function t(key: Key, params?: Record<string, string | number>): string {
  const text = DICTS[lang.value][key] ?? en[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Keys that come as a pair for a count: `<key>.one` (exactly one, in English) and `<key>.other`. */
type Counted = { [K in Key]: K extends `${infer B}.other` ? (`${B}.one` extends Key ? B : never) : never }[Key];

/**
 * The text of a counted key for `n` ("1 command", "3 commands"): the language's plural rule picks
 * `.one` or `.other` (Chinese has one form: always `.other`); `{n}` is `n`.
 */
export function tn(key: Counted, n: number, params?: Record<string, string | number>): string {
  const form = new Intl.PluralRules(lang.value).select(n) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}` as Key, { ...params, n });
}
