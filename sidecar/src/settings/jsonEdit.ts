// Removing one value from a JSON(C) text while every other byte stays: other keys, comments, order,
// indentation. The cut is made by hand on jsonc-parser's tree, because its `modify` re-serialises
// the remaining elements of an array (losing comments and layout) and eats the layout before the
// next property of an object. Setting a value or appending to an array is an insertion by hand too
// (jsonc-parser's formatter would re-lay out the neighbours): the new text follows its siblings'
// layout, nothing else moves.
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

/** The blanks before `offset` on its line, when only blanks are there; null otherwise. */
function indentAt(text: string, offset: number): string | null {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return before.trim() === '' ? before : null;
}

/** The blanks that start the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** `item` after the sibling ending at `at` (indented like it when it is alone on its line); a comment after the sibling stays with it. */
function after(text: string, at: number, siblingIndent: string | null, item: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (siblingIndent === null) return `${text.slice(0, at)}, ${item}${text.slice(at)}`;
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd < 0) lineEnd = text.length;
  if (text[lineEnd - 1] === '\r') lineEnd--;
  const rest = text.slice(at, lineEnd);
  if (rest.trim().startsWith('//')) return `${text.slice(0, at)},${rest}${eol}${siblingIndent}${item}${text.slice(lineEnd)}`;
  return `${text.slice(0, at)},${eol}${siblingIndent}${item}${text.slice(at)}`;
}

/** Inserts `"key": value` as the last property of `object`, laid out like its other properties. */
function insertProperty(text: string, object: Node, key: string, value: string): string {
  const props = object.children ?? [];
  const last = props[props.length - 1];
  const prop = `${JSON.stringify(key)}: ${value}`;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (last) return after(text, last.offset + last.length, indentAt(text, last.offset), prop);
  const close = object.offset + object.length - 1;
  const outer = lineIndent(text, object.offset);
  const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const inner = text.slice(object.offset + 1, close);
  if (inner.includes('\n') || close - object.offset <= 1)
    return `${text.slice(0, object.offset + 1)}${eol}${outer}${unit}${prop}${eol}${outer}${text.slice(close)}`;
  return `${text.slice(0, object.offset + 1)} ${prop} ${text.slice(close)}`;
}

/** Appends `value` to `array`, on its own line when the elements are on lines of their own. */
function appendElement(text: string, array: Node, value: string): string {
  const items = array.children ?? [];
  const last = items[items.length - 1];
  if (!last) return `${text.slice(0, array.offset + 1)}${value}${text.slice(array.offset + array.length - 1)}`;
  return after(text, last.offset + last.length, indentAt(text, last.offset), value);
}

/**
 * Sets the value at `path` in an object (`undefined` removes the property), or with `append` adds
 * it at the end of the array at `path` (made when missing). Missing objects on the way are made.
 * Every other byte stays, a UTF-8 BOM included; an empty file becomes an object.
 */
export function setJsonValue(text: string, path: JsonPath, value: unknown, append = false): string {
  if (text.charCodeAt(0) === 0xfeff) return `\ufeff${setJsonValue(text.slice(1), path, value, append)}`;
  const source = text.trim() === '' ? '{}\n' : text;
  const tree = parseTree(source);
  if (!tree || tree.type !== 'object') throw new Error('the file is not a JSON object');
  const found = findNodeAtLocation(tree, path);
  if (append) {
    if (found && found.type !== 'array') throw new Error(`${JSON.stringify(path)} is not an array`);
    if (found) return appendElement(source, found, JSON.stringify(value));
    return setJsonValue(source, path, [value]);
  }
  if (value === undefined) return found ? removeJsonValue(source, path) : source;
  if (found) return source.slice(0, found.offset) + JSON.stringify(value) + source.slice(found.offset + found.length);
  // The deepest object that exists on the path gets the rest of the path as one new property.
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const parent = depth === 0 ? tree : findNodeAtLocation(tree, path.slice(0, depth));
    if (!parent) continue;
    if (parent.type !== 'object') throw new Error(`${JSON.stringify(path.slice(0, depth))} is not an object`);
    const rest = path.slice(depth + 1).reduceRight<unknown>((v, k) => ({ [k]: v }), value);
    return insertProperty(source, parent, String(path[depth]), JSON.stringify(rest).replace(/^\{"(.*)":(.*)\}$/s, '{ "$1": $2 }'));
  }
  throw new Error(`nothing at ${JSON.stringify(path)}`);
}
