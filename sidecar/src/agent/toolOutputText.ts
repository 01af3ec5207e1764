// What the model sees of a tool output a PostToolUse hook replaced (`updatedToolOutput`, docs/hooks.md,
// "PostToolUse"): the text the output's own fields hold, as the tools word their results — a
// command's stdout and stderr, a file's content — or, for any other output, its fields as JSON.

const str = (v: unknown): v is string => typeof v === 'string';

export function toolOutputText(output: Record<string, unknown>): string {
  if (str(output.stdout) || str(output.stderr)) return [output.stdout, output.stderr].filter((t) => str(t) && t !== '').join('\n') || '(no output)';
  if (str(output.content)) return output.content;
  const file = output.file as Record<string, unknown> | undefined;
  if (file && str(file.content)) return file.content;
  const { success: _success, ...fields } = output;
  return JSON.stringify(fields);
}
