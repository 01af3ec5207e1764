// How many hooks a settings file that is not valid JSON holds: a tolerant read (trailing commas and
// the like forgiven) counts its handlers, so a broken file can say "its 3 hooks do not run" instead
// of failing quietly. Nothing read this way ever runs (docs/hooks.md, "Validation").
import { parse, type ParseError } from 'jsonc-parser';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function countHandlers(text: string): number {
  let value: unknown;
  try {
    const errors: ParseError[] = [];
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch {
    return 0; // too deep to read even tolerantly: the count is unknown
  }
  if (!isObject(value) || !isObject(value.hooks)) return 0;
  let n = 0;
  for (const groups of Object.values(value.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) if (isObject(g) && Array.isArray(g.hooks)) n += g.hooks.length;
  }
  return n;
}
