// Edit: replaces an exact string in a file (once, unless replace_all).
import { readFile, writeFile } from 'node:fs/promises';
import * as z from 'zod';
import { absolutePath } from './paths.js';
import { failure, type Tool } from './types.js';
import { messageOf } from '../../util/errors.js';

const schema = z.object({
  file_path: z.string().describe('Absolute path of the file to edit'),
  old_string: z.string().describe('The exact text to replace'),
  new_string: z.string().describe('The text to put instead'),
  replace_all: z.boolean().optional().describe('Replace every occurrence (default false)'),
});

export const EditTool: Tool<z.infer<typeof schema>> = {
  name: 'Edit',
  description: 'Replaces an exact string in a file. old_string must be unique unless replace_all is true.',
  schema,
  access: 'edit',
  ruleContent: (i) => i.file_path,
  async run(input, ctx) {
    const filePath = absolutePath(ctx.cwd, input.file_path);
    const response = { filePath, oldString: input.old_string, newString: input.new_string, replaceAll: input.replace_all ?? false };
    let text: string;
    try {
      text = await readFile(filePath, 'utf8');
    } catch (err) {
      return failure(`Cannot read ${filePath}: ${messageOf(err)}`, response);
    }
    if (input.old_string === input.new_string) return failure('old_string and new_string are the same: nothing to change', response);
    const count = input.old_string === '' ? 0 : text.split(input.old_string).length - 1;
    if (count === 0) return failure(`old_string was not found in ${filePath}`, response);
    if (count > 1 && !input.replace_all) {
      return failure(`old_string occurs ${count} times in ${filePath}: give more context to make it unique, or set replace_all`, response);
    }
    const next = input.replace_all ? text.split(input.old_string).join(input.new_string) : text.replace(input.old_string, () => input.new_string);
    try {
      await writeFile(filePath, next);
    } catch (err) {
      return failure(`Cannot write ${filePath}: ${messageOf(err)}`, response);
    }
    return {
      success: true,
      result: `Edited ${filePath} (${input.replace_all ? count : 1} replacement${count > 1 && input.replace_all ? 's' : ''})`,
      response: { ...response, success: true },
    };
  },
};
