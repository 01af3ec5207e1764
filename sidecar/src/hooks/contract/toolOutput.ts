// PostToolUse's `updatedToolOutput` (docs/hooks.md, "PostToolUse"): the replacement must have the
// tool's own output shape, the `tool_response` the hook received, changed. One of another shape is
// ignored, with a warning in the run record, which keeps both the hook's answer and the output.
import type { RunEffect } from './answers.js';

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

const kindOf = (v: unknown): Kind => (v === null ? 'null' : Array.isArray(v) ? 'array' : (typeof v as Kind));

/** What is wrong with a replacement for `original`, or null when it has the same shape. */
export function outputShapeError(original: unknown, updated: Record<string, unknown>): string | null {
  if (kindOf(original) !== 'object') return 'the tool has no structured output to replace';
  const was = original as Record<string, unknown>;
  for (const [key, value] of Object.entries(updated)) {
    if (!(key in was)) return `"${key}" is not a field of the tool's output (its fields: ${Object.keys(was).join(', ')})`;
    if (kindOf(value) !== kindOf(was[key])) return `"${key}" is a ${kindOf(value)}, but the tool's output has a ${kindOf(was[key])} there`;
  }
  return null;
}

/** Keeps a run's `updatedToolOutput` only when it fits the tool's output; else drops it and says why. */
export function checkToolOutput(effect: RunEffect, input: Record<string, unknown>): void {
  if (!effect.updatedToolOutput) return;
  const error = outputShapeError(input.tool_response, effect.updatedToolOutput);
  if (error === null) return;
  delete effect.updatedToolOutput;
  const warning = `updatedToolOutput ignored: ${error}`;
  effect.words = effect.words.replace('replaced the tool output', warning);
  effect.userMessage = effect.userMessage ? `${effect.userMessage}\n${warning}` : warning;
}
