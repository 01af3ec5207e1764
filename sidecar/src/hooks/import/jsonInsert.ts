// One value added to a settings file's text with the file's own layout kept (docs/hooks.md, "Coming
// from Claude Code"): jsonc-parser's formatted edit formats the whole line it lands on, so in a file
// written on one line it would reformat keys the import never touches. Here the edit is made plain,
// and only the text it inserted is then laid out, in the file's indentation.
import { applyEdits, format, modify, parse, type FormattingOptions, type JSONPath } from 'jsonc-parser';

/** The indentation the file already uses (two spaces when it cannot tell). */
export function formattingOf(text: string): FormattingOptions {
  const m = /\n([ \t]+)\S/.exec(text);
  const indent = m ? m[1]! : '  ';
  return { insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** `text` with `value` set at `path` (appended, with `append`, to the array there); nothing outside the new text changes. */
export function insertValue(text: string, path: JSONPath, value: unknown, fmt: FormattingOptions, append = false): string {
  const [edit] = modify(text, path, value, { isArrayInsertion: append });
  if (!edit) return text;
  const next = applyEdits(text, [edit]);
  const start = edit.offset;
  const end = start + edit.content.length;
  const layout = format(next, { offset: start, length: edit.content.length }, fmt).filter((e) => e.offset >= start && e.offset + e.length <= end);
  return applyEdits(next, layout);
}

/** The parsed text (an empty object when it is not one). */
export function parsedObject(text: string): Record<string, unknown> {
  const v = parse(text) as unknown;
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
