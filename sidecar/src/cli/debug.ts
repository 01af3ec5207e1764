// `--debug hooks` / `WAVE_DEBUG=hooks` (docs/hooks.md, "Why a hook did or did not run"): after every
// event, what ran and what did not, on stderr. Other categories may join `hooks` later.
export const DEBUG_CATEGORIES = ['hooks'] as const;

/** The stderr writer for hook debug lines, or undefined when hook debugging is off; throws on an unknown category. */
export function hookDebugger(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): ((lines: string[]) => void) | undefined {
  const wanted = [flag, env.WAVE_DEBUG]
    .filter((v): v is string => Boolean(v))
    .flatMap((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    );
  const unknown = wanted.filter((c) => !(DEBUG_CATEGORIES as readonly string[]).includes(c) && c !== 'all');
  if (unknown.length) throw new Error(`--debug / WAVE_DEBUG: unknown category "${unknown[0]}" (known: ${DEBUG_CATEGORIES.join(', ')})`);
  if (!wanted.length) return undefined;
  return (lines) => process.stderr.write(`${lines.join('\n')}\n`);
}
