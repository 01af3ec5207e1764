// Write: creates or replaces a file (folders are created as needed).
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { absolutePath } from './paths.js';
import { failure, type Tool } from './types.js';
import { messageOf } from '../../util/errors.js';

const schema = z.object({
  file_path: z.string().describe('Absolute path of the file to write'),
  content: z.string().describe('The whole new content of the file'),
});

export const WriteTool: Tool<z.infer<typeof schema>> = {
  name: 'Write',
  description: 'Writes a file to the local filesystem, replacing it if it exists.',
  schema,
  access: 'edit',
  ruleContent: (i) => i.file_path,
  async run(input, ctx) {
    const filePath = absolutePath(ctx.cwd, input.file_path);
    const existed = await stat(filePath).then(
      () => true,
      () => false,
    );
    try {
      await mkdir(dirname(filePath), { recursive: true });
      await writeFile(filePath, input.content);
    } catch (err) {
      return failure(`Cannot write ${filePath}: ${messageOf(err)}`, { filePath });
    }
    return {
      success: true,
      result: `${existed ? 'Updated' : 'Created'} ${filePath}`,
      response: { type: existed ? 'update' : 'create', filePath, content: input.content, success: true },
    };
  },
};
