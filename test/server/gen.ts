// Random settings files for the delete tests: a seeded PRNG, random hooks/groups/events, and a JSONC
// printer with random layout — comments above, after and inside elements, odd indentation, tabs,
// CRLF, several elements on one line, trailing blanks, unicode and \u escapes.

export type Rng = () => number;

/** mulberry32: small, fast, seeded. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

const WORDS = ['lint', 'format', 'guard', 'notify', 'échoé', 'прове́рка', '检查', 'ツール', '🎉', 'naïve', 'x\ty', 'a"b', 'back\\slash', 'tab', 'ok'];

export function phrase(rng: Rng, n = int(rng, 1, 3)): string {
  return Array.from({ length: n }, () => pick(rng, WORDS)).join(' ');
}

const TOOL_EVENTS = ['PreToolUse', 'PostToolUse', 'PermissionRequest'];
const PLAIN_EVENTS = ['Stop', 'UserPromptSubmit', 'SessionStart', 'PostCompact', 'SessionEnd'];

export interface Handler {
  type: 'command';
  command: string;
  timeout?: number;
  description?: string;
}
export interface Group {
  matcher?: string;
  hooks: Handler[];
}
export type HooksValue = Record<string, Group[]>;

let serial = 0;

export function randomHandler(rng: Rng): Handler {
  const h: Handler = { type: 'command', command: `echo ${JSON.stringify(phrase(rng))} #${serial++}` };
  if (rng() < 0.3) h.timeout = int(rng, 1, 90);
  if (rng() < 0.4) h.description = phrase(rng);
  return h;
}

export function randomHooks(rng: Rng): HooksValue {
  const events = [...TOOL_EVENTS, ...PLAIN_EVENTS].filter(() => rng() < 0.35);
  if (events.length === 0) events.push(pick(rng, PLAIN_EVENTS));
  const out: HooksValue = {};
  for (const e of events) {
    out[e] = Array.from({ length: int(rng, 1, 3) }, () => {
      const g: Group = { hooks: [] };
      if (TOOL_EVENTS.includes(e) && rng() < 0.8) g.matcher = pick(rng, ['Bash', 'Write|Edit', '*', 'mcp__.*']);
      // Key order varies: hooks before matcher sometimes.
      const handlers = Array.from({ length: int(rng, 1, 3) }, () => randomHandler(rng));
      return rng() < 0.3 && g.matcher ? { hooks: handlers, matcher: g.matcher } : { ...g, hooks: handlers };
    });
  }
  return out;
}

/** A whole settings value: hooks among other keys, in random order. */
export function randomSettings(rng: Rng): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [['hooks', randomHooks(rng)]];
  if (rng() < 0.6) entries.push(['permissions', { allow: ['Bash(npm test:*)', 'Read'], deny: rng() < 0.5 ? [] : ['Bash(rm:*)'] }]);
  if (rng() < 0.6) entries.push(['env', { GREETING: phrase(rng), EMPTY: '' }]);
  if (rng() < 0.3) entries.push(['$schema', 'https://example.invalid/settings.schema.json']);
  if (rng() < 0.3) entries.push(['theme', { name: 'dark', sizes: [1, 2.5, -3e2], on: true, off: null }]);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries);
}

export interface Style {
  nl: '\n' | '\r\n';
  unit: string;
  colon: string;
  /** Probability of a comment at each place one may go. */
  comments: number;
  /** Probability that a container is printed on one line. */
  inline: number;
  /** Probability of an odd indentation (one extra blank) on a line. */
  odd: number;
  /** Probability that two elements share a line. */
  sameLine: number;
}

export function randomStyle(rng: Rng): Style {
  return {
    nl: rng() < 0.35 ? '\r\n' : '\n',
    unit: pick(rng, ['  ', '    ', '\t', ' ', '\t  ']),
    colon: pick(rng, [': ', ':', ' : ', ':\t']),
    comments: pick(rng, [0, 0.2, 0.5]),
    inline: pick(rng, [0, 0.15, 0.4]),
    odd: pick(rng, [0, 0.2]),
    sameLine: pick(rng, [0, 0.15]),
  };
}

function str(rng: Rng, s: string): string {
  const json = JSON.stringify(s);
  // Sometimes escape non-ASCII as \uXXXX (same value, other bytes).
  return rng() < 0.2 ? json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/** Prints a JSON value as JSONC with a random layout. */
export function printJsonc(value: unknown, style: Style, rng: Rng): string {
  const { nl } = style;
  const lineComment = () => `// ${phrase(rng)}`;
  const blockComment = () => `/* ${phrase(rng)} */`;
  const maybe = (p: number) => rng() < p;
  const indent = (d: number) => style.unit.repeat(d) + (maybe(style.odd) ? ' ' : '');
  const trailingBlanks = () => (maybe(0.05) ? pick(rng, [' ', '\t', '  ']) : '');

  const emit = (v: unknown, depth: number, inlineParent: boolean): string => {
    if (v === null || typeof v !== 'object') return typeof v === 'string' ? str(rng, v) : JSON.stringify(v);
    const isArr = Array.isArray(v);
    const [open, close] = isArr ? ['[', ']'] : ['{', '}'];
    const items: Array<[string | null, unknown]> = isArr ? (v as unknown[]).map((x) => [null, x]) : Object.entries(v as Record<string, unknown>);
    if (items.length === 0) return maybe(0.3) ? `${open} ${close}` : `${open}${close}`;
    const item = (k: string | null, x: unknown, inl: boolean) => (k === null ? '' : `${str(rng, k)}${style.colon}`) + emit(x, depth + 1, inl);
    if (inlineParent || (depth > 0 && maybe(style.inline))) {
      const parts = items.map(([k, x]) => (maybe(style.comments / 3) ? `${blockComment()} ` : '') + item(k, x, true));
      const pad = maybe(0.5) ? ' ' : '';
      return `${open}${pad}${parts.join(maybe(0.5) ? ', ' : ',')}${pad}${close}`;
    }
    let out = open + (maybe(style.comments / 2) ? ` ${lineComment()}` : '') + trailingBlanks() + nl;
    let onSameLine = false;
    items.forEach(([k, x], i) => {
      if (!onSameLine) {
        if (maybe(style.comments)) out += indent(depth + 1) + lineComment() + nl;
        if (maybe(style.comments / 3)) out += indent(depth + 1) + blockComment() + nl;
        out += indent(depth + 1);
      }
      out += (maybe(style.comments / 4) ? `${blockComment()} ` : '') + item(k, x, false);
      const last = i === items.length - 1;
      if (!last) out += ',';
      onSameLine = !last && maybe(style.sameLine);
      if (onSameLine) out += ' ';
      else out += (maybe(style.comments / 2) ? ` ${lineComment()}` : '') + trailingBlanks() + nl;
    });
    if (maybe(style.comments / 2)) out += indent(depth + 1) + lineComment() + nl;
    return out + indent(depth) + close;
  };

  const header = rng() < 0.3 ? `// ${phrase(rng)}${nl}` + (rng() < 0.3 ? `/* settings ${phrase(rng)} */${nl}` : '') : '';
  return header + emit(value, 0, false) + (rng() < 0.8 ? nl : '') + (rng() < 0.1 ? `// end${nl}` : '');
}
