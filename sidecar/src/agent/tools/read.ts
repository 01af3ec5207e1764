// Read: a text file with line numbers (cat -n style), optionally a window of lines.
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { absolutePath } from './paths.js';
import { failure, type Tool } from './types.js';
import { messageOf } from '../../util/errors.js';

const schema = z.object({
  file_path: z.string().describe('Absolute path of the file to read'),
  offset: z.number().int().min(1).optional().describe('Line number to start from (1-based)'),
  limit: z.number().int().min(1).optional().describe('How many lines to read (default 2000)'),
});

export const ReadTool: Tool<z.infer<typeof schema>> = {
  name: 'Read',
  description: 'Reads a file from the local filesystem and returns its lines numbered from 1.',
  schema,
  access: 'read',
  ruleContent: (i) => i.file_path,
  async run(input, ctx) {
    const filePath = absolutePath(ctx.cwd, input.file_path);
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return failure(code === 'ENOENT' ? `File does not exist: ${filePath}` : `Cannot read ${filePath}: ${messageOf(err)}`, { filePath });
    }
    const lines = text.split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const start = (input.offset ?? 1) - 1;
    const window = lines.slice(start, start + (input.limit ?? 2000));
    const numbered = window.map((l, i) => `${String(start + i + 1).padStart(6)}\t${l}`).join('\n');
    return {
      success: true,
      result: numbered || '(the file is empty)',
      response: {
        type: 'text',
        file: { filePath, content: window.join('\n'), numLines: window.length, startLine: start + 1, totalLines: lines.length },
        success: true,
      },
    };
  },
};
