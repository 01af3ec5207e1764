// PostToolUse's `updatedToolOutput` (docs/hooks.md, "PostToolUse"): the replacement must have the
// tool's own output shape, the `tool_response` the hook received, changed. One of another shape is
// ignored, with a warning in the run record, which keeps both the hook's answer and the output.
import type { RunEffect } from './answers.js';
import { decisionText, outputIgnoredText, type RunWho } from './runText.js';
import type { RunDecision } from '../../protocol/wire.js';

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

const kindOf = (v: unknown): Kind => (v === null ? 'null' : Array.isArray(v) ? 'array' : (typeof v as Kind));

type Misfit = Omit<Extract<RunDecision, { kind: 'toolOutputIgnored' }>, 'kind'>;

/** What is wrong with a replacement for `original`, as data, or null when it has the same shape. */
export function outputMisfit(original: unknown, updated: Record<string, unknown>): Misfit | null {
  if (kindOf(original) !== 'object') return { issue: 'noStructuredOutput', field: null };
  const was = original as Record<string, unknown>;
  for (const [key, value] of Object.entries(updated)) {
    if (!(key in was)) return { issue: 'notAField', field: key, fields: Object.keys(was) };
    if (kindOf(value) !== kindOf(was[key])) return { issue: 'wrongType', field: key, got: kindOf(value), expected: kindOf(was[key]) };
  }
  return null;
}

/** Keeps a run's `updatedToolOutput` only when it fits the tool's output; else drops it and says why. */
export function checkToolOutput(effect: RunEffect, input: Record<string, unknown>, who: RunWho): void {
  if (!effect.updatedToolOutput || effect.kind.kind !== 'answer') return;
  const misfit = outputMisfit(input.tool_response, effect.updatedToolOutput);
  if (misfit === null) return;
  delete effect.updatedToolOutput;
  effect.kind.decisions = effect.kind.decisions.map((d): RunDecision => (d.kind === 'toolOutput' ? { kind: 'toolOutputIgnored', ...misfit } : d));
  effect.words = decisionText(effect.kind, who);
  const warning = `updatedToolOutput ignored: ${outputIgnoredText(misfit)}`;
  effect.userMessage = effect.userMessage ? `${effect.userMessage}\n${warning}` : warning;
}
