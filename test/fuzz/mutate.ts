// Structure-aware mutations of settings files for the settings fuzzer (docs/reliability.md): a
// random valid settings value (test/server/gen.ts) is first mutated as a value — a node of the wrong
// type, a NUL byte, an extreme timeout, a near-miss event name, a huge matcher or command, a
// missing key, `__proto__` — then printed as JSONC with a random layout and mutated as text at
// places the parser tree names: a repeated key, deep nesting, a BOM, a cut, a stray character, a
// trailing comma, CRLF. Each file gets 1–3 mutations; `kinds` says which.
import { parseTree, type Node } from 'jsonc-parser';
import { int, pick, printJsonc, randomSettings, randomStyle, type Rng } from '../server/gen.js';

export interface Mutant {
  text: string;
  kinds: string[];
}

type Json = unknown;

const HOSTILE_VALUES: Json[] = [null, true, 0, -1, 1e9, 1e308, 0.5, '', ' ', 'x', [], {}, [[]], { hooks: [] }, '\u0000', 'a\u0000b', '\uFEFF', '\u202e', 'e\u0301', '🎉'.repeat(3)];
const EVENT_LIKE = ['PretoolUse', 'pretooluse', 'PreToolUse ', 'Pre_Tool_Use', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'Stop\u0000', 'SessionStart'];
const MATCHERS = ['A'.repeat(35_000), `${'(a|a)*'.repeat(50)}$`, '[', '(?<', '*'.repeat(2000), 'Bash|'.repeat(300), '\\', 'mcp__.*', '.*'.repeat(600), '(?:a{1000}){1000}'];

/** Every container node of a value with the path to it (objects and arrays only). */
function containers(v: Json, path: Array<string | number> = [], out: Array<{ path: Array<string | number>; node: Json }> = []) {
  if (v !== null && typeof v === 'object') {
    out.push({ path, node: v });
    for (const [k, x] of Object.entries(v as Record<string, Json>)) containers(x, [...path, Array.isArray(v) ? Number(k) : k], out);
  }
  return out;
}

function keysOf(c: Json): string[] {
  return Object.keys(c as Record<string, Json>);
}

/** One value mutation, in place; returns its kind. */
function mutateValue(rng: Rng, root: Record<string, Json>): string {
  const all = containers(root);
  const target = pick(rng, all).node as Record<string, Json>;
  const keys = keysOf(target);
  const key = keys.length ? pick(rng, keys) : '0';
  const handlers = all.filter((c) => !Array.isArray(c.node) && 'command' in (c.node as object)).map((c) => c.node as Record<string, Json>);
  const groups = all.filter((c) => !Array.isArray(c.node) && 'hooks' in (c.node as object) && c.path.length >= 3).map((c) => c.node as Record<string, Json>);
  const kind = pick(rng, ['type', 'type', 'type', 'nul', 'timeout', 'event', 'matcher', 'command', 'drop', 'proto', 'env', rng() < 0.3 ? 'many' : 'type']);
  switch (kind) {
    case 'type':
      target[key] = pick(rng, HOSTILE_VALUES);
      return kind;
    case 'nul': {
      const h = handlers.length ? pick(rng, handlers) : target;
      h.command = `${String(h.command ?? 'echo')}\u0000${pick(rng, ['', 'rm -rf /', '\u0000'])}`;
      return kind;
    }
    case 'timeout':
      if (handlers.length) pick(rng, handlers).timeout = pick(rng, [1e9, 86_400, 86_401, -5, 0, 1e-9, 'ten', null, [], 2 ** 31, 1e308]);
      return kind;
    case 'event': {
      const hooks = root.hooks as Record<string, Json> | undefined;
      if (hooks && typeof hooks === 'object' && !Array.isArray(hooks)) {
        const first = keysOf(hooks)[0];
        if (first !== undefined) {
          hooks[pick(rng, EVENT_LIKE)] = hooks[first];
          delete hooks[first];
        }
      }
      return kind;
    }
    case 'matcher':
      if (groups.length) pick(rng, groups).matcher = pick(rng, MATCHERS);
      return kind;
    case 'command':
      if (handlers.length) pick(rng, handlers).command = pick(rng, ['x'.repeat(50_000), '   ', '\n', 'echo $(( 1 / 0 ))', '🎉']);
      return kind;
    case 'drop':
      delete target[key];
      return kind;
    case 'proto':
      Object.defineProperty(target, '__proto__', { value: pick(rng, [{ polluted: true }, 'x', [1]]), enumerable: true, configurable: true, writable: true });
      return kind;
    case 'env':
      root.env = pick(rng, [{ A: 1 }, { B: 'x\u0000y' }, { 'C\u0000': 'v' }, [], 'env', { D: { nested: true } }, { '': '' }]);
      return kind;
    default: {
      const many = Array.from({ length: 400 }, (_, i) => ({ type: 'command', command: `echo ${i}` }));
      root.hooks = { ...(typeof root.hooks === 'object' && root.hooks && !Array.isArray(root.hooks) ? root.hooks : {}), Stop: [{ hooks: many }] };
      return 'many';
    }
  }
}

/** Every node of a parsed text, depth first. */
function nodesOf(tree: Node): Node[] {
  const out: Node[] = [];
  const stack = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (const c of n.children ?? []) stack.push(c);
  }
  return out;
}

/** One text mutation; returns the new text and its kind. */
function mutateText(rng: Rng, text: string): [string, string] {
  let nodes: Node[] = [];
  try {
    const tree = parseTree(text);
    nodes = tree ? nodesOf(tree) : [];
  } catch {
    // too deep for the (recursive) parser after an earlier mutation: text-only mutations then
  }
  const at = int(rng, 0, text.length);
  const kind = pick(rng, ['dup', 'dup', 'deep', 'bom', 'cut', 'char', 'comma', 'crlf', 'comment', 'huge']);
  switch (kind) {
    case 'dup': {
      const props = nodes.filter((n) => n.type === 'property');
      if (!props.length) return [text, kind];
      const p = pick(rng, props);
      const copy = text.slice(p.offset, p.offset + p.length);
      return [`${text.slice(0, p.offset + p.length)}, ${copy}${text.slice(p.offset + p.length)}`, kind];
    }
    case 'deep': {
      const values = nodes.filter((n) => n.type !== 'property');
      if (!values.length) return [text, kind];
      const v = pick(rng, values);
      const n = pick(rng, [50, 511, 513, 5141, 6000]);
      const [open, close] = rng() < 0.5 ? ['[', ']'] : ['{"k":', '}'];
      return [text.slice(0, v.offset) + open.repeat(n) + text.slice(v.offset, v.offset + v.length) + close.repeat(n) + text.slice(v.offset + v.length), kind];
    }
    case 'bom':
      return [`\uFEFF${text}`, kind];
    case 'cut':
      return [text.slice(0, at), kind];
    case 'char':
      return [text.slice(0, at) + pick(rng, ['{', '}', '[', ']', '"', '\\', ',', ':', '\u0000', '/*', '//', '\n', '\uFEFF', 'NaN', '-']) + text.slice(at + int(rng, 0, 1)), kind];
    case 'comma': {
      const close = nodes.filter((n) => n.type === 'object' || n.type === 'array');
      if (!close.length) return [text, kind];
      const c = pick(rng, close);
      const end = c.offset + c.length - 1;
      return [`${text.slice(0, end)},${text.slice(end)}`, kind];
    }
    case 'crlf':
      return [text.replace(/\n/g, '\r\n'), kind];
    case 'comment':
      return [`${text.slice(0, at)}/* ${pick(rng, ['*/', 'x', '/*'])} */${text.slice(at)}`, kind];
    default:
      // Rarely: over the 5 MB limit.
      return rng() < 0.05 ? [`${text.slice(0, -1)}${' '.repeat(5 * 1024 * 1024)}}`, 'huge'] : [text, 'none'];
  }
}

/** One mutated settings file. */
export function mutant(rng: Rng): Mutant {
  const value = randomSettings(rng);
  const kinds: string[] = [];
  const mutations = int(rng, 1, 3);
  let text = '';
  const textual = rng() < 0.5;
  for (let i = 0; i < (textual ? 1 : mutations); i++) kinds.push(mutateValue(rng, value));
  text = printJsonc(value, randomStyle(rng), rng);
  if (textual) {
    for (let i = 0; i < mutations; i++) {
      const [next, kind] = mutateText(rng, text);
      text = next;
      kinds.push(kind);
    }
  }
  return { text, kinds };
}
