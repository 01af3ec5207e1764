// Glob: files whose path matches a glob pattern, newest first.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from 'picomatch';
import * as z from 'zod';
import { absolutePath, walkFiles } from './paths.js';
import type { Tool } from './types.js';

const schema = z.object({
  pattern: z.string().describe('Glob pattern such as "**/*.ts"'),
  path: z.string().optional().describe('Folder to search in (default: the working directory)'),
});

const LIMIT = 100;

export const GlobTool: Tool<z.infer<typeof schema>> = {
  name: 'Glob',
  description: 'Finds files by glob pattern (e.g. "src/**/*.ts"); newest first.',
  schema,
  access: 'read',
  ruleContent: (i) => i.path,
  async run(input, ctx) {
    const root = absolutePath(ctx.cwd, input.path ?? '.');
    const isMatch = picomatch(input.pattern, { dot: true });
    const files = (await walkFiles(root)).filter((f) => isMatch(f));
    const withTimes = await Promise.all(files.map(async (f) => ({ f: join(root, f), t: (await stat(join(root, f)).catch(() => null))?.mtimeMs ?? 0 })));
    withTimes.sort((a, b) => b.t - a.t);
    const shown = withTimes.slice(0, LIMIT).map((x) => x.f);
    const more = withTimes.length - shown.length;
    return {
      success: true,
      result: shown.length ? `${shown.join('\n')}${more > 0 ? `\n(${more} more files not shown)` : ''}` : 'No files found',
      response: { filenames: shown, numFiles: withTimes.length, truncated: more > 0, success: true },
    };
  },
};
