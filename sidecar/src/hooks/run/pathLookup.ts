// Where a program name leads through PATH, and the absolute shells hooks run with (docs/hooks.md,
// "Safety"): a command runs in `/bin/sh` (or the `bash` found when the session started), never in a
// `sh` found on PATH when the hook runs, which the agent could put there.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The first executable file named `name` in the folders of `pathVar`, or null. */
export function lookPath(name: string, pathVar: string | undefined): string | null {
  if (!name || name.includes('/')) return null;
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const file = join(dir, name);
    try {
      if (!statSync(file).isFile()) continue;
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** The shells of command hooks, by the handler's `shell`, as absolute paths. */
export interface HookShells {
  sh: string;
  bash: string;
}

/** Resolved once, when the session starts: `/bin/sh`, and the `bash` then first on PATH (else `/bin/bash`). */
export function resolveShells(env: NodeJS.ProcessEnv): HookShells {
  return { sh: '/bin/sh', bash: lookPath('bash', env.PATH) ?? '/bin/bash' };
}
