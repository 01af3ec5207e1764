// Matcher rule (SPEC 2). A value V matches matcher M when, ignoring case:
//  1. M is missing, empty or `*`;
//  2. one of M's `|`-separated, trimmed alternatives equals V exactly;
//  3. one of those alternatives matches V as a glob (picomatch);
//  4. M as a whole, read as a regular expression, matches all of V.
import picomatch from 'picomatch';

export interface CompiledMatcher {
  readonly source: string | undefined;
  test(value: string): boolean;
}

const GLOB_CHARS = /[*?[\]{}!]/;

function compileRegex(m: string): RegExp | null {
  try {
    return new RegExp(`^(?:${m})$`, 'i');
  } catch {
    return null; // not a valid regular expression: simply not one
  }
}

export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  const m = matcher?.trim() ?? '';
  if (m === '' || m === '*') return { source: matcher, test: () => true };
  const alternatives = m.split('|').map((a) => a.trim()).filter((a) => a !== '');
  const exact = new Set(alternatives.map((a) => a.toLowerCase()));
  const globs = alternatives
    .filter((a) => GLOB_CHARS.test(a))
    .map((a) => picomatch(a, { nocase: true, dot: true }));
  const regex = compileRegex(m);
  return {
    source: matcher,
    test(value: string): boolean {
      if (exact.has(value.toLowerCase())) return true;
      if (globs.some((g) => g(value))) return true;
      return regex !== null && regex.test(value);
    },
  };
}

export function matches(matcher: string | undefined, value: string): boolean {
  return compileMatcher(matcher).test(value);
}
