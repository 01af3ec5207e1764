// Grep: files whose content matches a regular expression (optionally the matching lines).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from 'picomatch';
import * as z from 'zod';
import { absolutePath, walkFiles } from './paths.js';
import { failure, type Tool } from './types.js';
import { messageOf } from '../../util/errors.js';

const schema = z.object({
  pattern: z.string().describe('Regular expression to search for'),
  path: z.string().optional().describe('File or folder to search in (default: the working directory)'),
  glob: z.string().optional().describe('Only search files matching this glob, e.g. "*.ts"'),
  output_mode: z.enum(['files_with_matches', 'content', 'count']).optional().describe('What to return (default files_with_matches)'),
  '-i': z.boolean().optional().describe('Ignore case'),
});

const LIMIT = 200;

export const GrepTool: Tool<z.infer<typeof schema>> = {
  name: 'Grep',
  description: 'Searches file contents with a regular expression; returns matching files, lines or counts.',
  schema,
  access: 'read',
  ruleContent: (i) => i.path,
  async run(input, ctx) {
    let re: RegExp;
    try {
      re = new RegExp(input.pattern, input['-i'] ? 'i' : '');
    } catch (err) {
      return failure(`Invalid regular expression: ${messageOf(err)}`);
    }
    const root = absolutePath(ctx.cwd, input.path ?? '.');
    const only = input.glob ? picomatch(input.glob, { dot: true, matchBase: true }) : () => true;
    const files = (await walkFiles(root)).filter((f) => only(f));
    const mode = input.output_mode ?? 'files_with_matches';
    const lines: string[] = [];
    const matched: string[] = [];
    for (const f of files) {
      const full = join(root, f);
      const text = await readFile(full, 'utf8').catch(() => '');
      if (text.includes('\u0000')) continue; // binary
      const hits = text
        .split('\n')
        .map((l, i) => [i + 1, l] as const)
        .filter(([, l]) => re.test(l));
      if (!hits.length) continue;
      matched.push(full);
      if (mode === 'content') for (const [n, l] of hits) lines.push(`${full}:${n}:${l}`);
      if (mode === 'count') lines.push(`${full}:${hits.length}`);
    }
    const body = mode === 'files_with_matches' ? matched : lines;
    const shown = body.slice(0, LIMIT);
    return {
      success: true,
      result: shown.length ? `${shown.join('\n')}${body.length > LIMIT ? `\n(${body.length - LIMIT} more not shown)` : ''}` : 'No matches found',
      response: { mode, filenames: matched, numFiles: matched.length, ...(mode !== 'files_with_matches' ? { content: shown.join('\n') } : {}), success: true },
    };
  },
};
