// Matcher rule (docs/hooks.md, "Matchers"). A value V matches matcher M when, ignoring case:
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

/** Longer matchers are a validation error (docs/hooks.md, Validation); tool names are short. */
export const MAX_MATCHER_LENGTH = 1024;

/**
 * A test that never throws: V8 compiles a regular expression at its first use, and one that is too
 * large throws there ("Regular expression too large"). Tried once here; if it throws, it is no test.
 */
function safeTest(test: (v: string) => boolean): ((v: string) => boolean) | null {
  try {
    test('');
    return (v) => {
      try {
        return test(v);
      } catch {
        return false;
      }
    };
  } catch {
    return null;
  }
}

function compileRegex(m: string): ((v: string) => boolean) | null {
  try {
    const re = new RegExp(`^(?:${m})$`, 'i');
    return safeTest((v) => re.test(v));
  } catch {
    return null; // not a valid regular expression: simply not one
  }
}

function compileGlob(a: string): ((v: string) => boolean) | null {
  try {
    return safeTest(picomatch(a, { nocase: true, dot: true }));
  } catch {
    return null; // picomatch refuses it (too long, say): not a glob
  }
}

export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  const m = matcher?.trim() ?? '';
  if (m === '' || m === '*') return { source: matcher, test: () => true };
  const alternatives = m
    .split('|')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const exact = new Set(alternatives.map((a) => a.toLowerCase()));
  const globs = alternatives
    .filter((a) => GLOB_CHARS.test(a))
    .map(compileGlob)
    .filter((g) => g !== null);
  const regex = compileRegex(m);
  return {
    source: matcher,
    test(value: string): boolean {
      if (exact.has(value.toLowerCase())) return true;
      if (globs.some((g) => g(value))) return true;
      return regex !== null && regex(value);
    },
  };
}

export function matches(matcher: string | undefined, value: string): boolean {
  return compileMatcher(matcher).test(value);
}
