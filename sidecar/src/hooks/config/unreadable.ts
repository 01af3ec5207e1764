// How many hooks a settings file that is not valid JSON holds: a tolerant read (trailing commas and
// the like forgiven) counts its handlers, so a broken file can say "its 3 hooks do not run" instead
// of failing quietly. Nothing read this way ever runs (docs/hooks.md, "Validation").
import { parse, type ParseError } from 'jsonc-parser';
import { isObject } from '../../util/objects.js';

/** Handlers per event name of a file that is not valid JSON (nothing of it runs). */
export function countHandlers(text: string): Record<string, number> {
  let value: unknown;
  try {
    const errors: ParseError[] = [];
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch {
    return {}; // too deep to read even tolerantly: the count is unknown
  }
  const out: Record<string, number> = {};
  if (!isObject(value) || !isObject(value.hooks)) return out;
  for (const [event, groups] of Object.entries(value.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) if (isObject(g) && Array.isArray(g.hooks)) out[event] = (out[event] ?? 0) + g.hooks.length;
  }
  return out;
}

export const total = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);
