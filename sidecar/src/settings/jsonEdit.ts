// Removing one value from a JSON(C) text while every other byte stays: other keys, comments, order,
// indentation. The cut is made by hand on jsonc-parser's tree, because its `modify` re-serialises
// the remaining elements of an array (losing comments and layout) and eats the layout before the
// next property of an object.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { JsonPath } from './jsonFile.js';

/** Index just past the next `,` after `from`, skipping whitespace and comments; -1 if none. */
function commaAfter(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ',') return i;
    if (c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      return -1;
    }
  }
  return -1;
}

/** Grows [start, end) to whole lines when the removed text is alone on its lines. */
function wholeLines(text: string, start: number, end: number): [number, number] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() !== '') return [start, end];
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd === -1) lineEnd = text.length;
  if (text.slice(end, lineEnd).trim() !== '') return [start, end];
  return [lineStart, Math.min(lineEnd + 1, text.length)];
}

/** Removes child `index` (an array element or an object property) of `container`. */
function removeChild(text: string, container: Node, index: number): string {
  const items = container.children ?? [];
  const el = items[index]!;
  const elEnd = el.offset + el.length;
  if (index < items.length - 1) {
    // Not last: the element, the comma after it, and the spaces that follow on the same line.
    const comma = commaAfter(text, elEnd);
    let end = comma + 1;
    while (text[end] === ' ' || text[end] === '\t') end++;
    if (text.slice(elEnd, comma).trim() !== '') {
      // A comment between the element and its comma stays: the element (and the blanks up to the
      // comment) goes, and the comma (its whole line when alone on it).
      let note = elEnd;
      while (/\s/.test(text[note] ?? '')) note++;
      const [cs, ce] = wholeLines(text, comma, end);
      return text.slice(0, el.offset) + text.slice(note, cs) + text.slice(ce);
    }
    const [s, e] = wholeLines(text, el.offset, end);
    return text.slice(0, s) + text.slice(e);
  }
  if (index > 0) {
    // Last of several: from the comma after the previous element to the end of this one — unless
    // comments sit in between (a note after the previous element, a comment line above this one):
    // they stay, and only the comma and this element (its whole line when alone on it) go.
    const prev = items[index - 1]!;
    const comma = commaAfter(text, prev.offset + prev.length);
    if (text.slice(comma + 1, el.offset).trim() === '') return text.slice(0, comma) + text.slice(elEnd);
    const [s, e] = wholeLines(text, el.offset, elEnd);
    return text.slice(0, comma) + text.slice(comma + 1, s) + text.slice(e);
  }
  // The only element.
  const [s, e] = wholeLines(text, el.offset, elEnd);
  return text.slice(0, s) + text.slice(e);
}

/** Removes the value at `path` (an array element or an object property); a UTF-8 BOM stays. */
export function removeJsonValue(text: string, path: JsonPath): string {
  if (text.charCodeAt(0) === 0xfeff) return `\ufeff${removeJsonValue(text.slice(1), path)}`;
  const tree = parseTree(text);
  if (!tree) throw new Error('the file is not valid JSON');
  const last = path[path.length - 1];
  const container = findNodeAtLocation(tree, path.slice(0, -1));
  const index =
    container?.type === 'array' && typeof last === 'number'
      ? last
      : container?.type === 'object'
        ? (container.children ?? []).findIndex((p) => p.children?.[0]?.value === last)
        : -1;
  if (!container || index < 0 || !container.children?.[index]) throw new Error(`nothing at ${JSON.stringify(path)}`);
  return removeChild(text, container, index);
}
