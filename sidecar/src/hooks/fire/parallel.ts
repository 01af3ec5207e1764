// Matcher groups with `"parallel": true` (docs/hooks.md, "Parallel groups"): which hooks of a
// firing start together, and the one rule their combination adds to running in sequence — only
// the first rewrite of the input, in definition order, counts; a later one is ignored, with a
// warning in its run record.
import type { RunEffect } from '../contract/answers.js';
import type { ConfiguredHook } from '../contract/types.js';

/** The matcher group a hook was written in (its id without the handler's index). */
const groupOf = (h: ConfiguredHook): string => h.id.slice(0, h.id.lastIndexOf('/'));

/**
 * The firing's steps, in run order: each hook alone, except the hooks of one parallel group that
 * follow each other in run order, which make one step.
 */
export function stepsOf(hooks: readonly ConfiguredHook[]): ConfiguredHook[][] {
  const steps: ConfiguredHook[][] = [];
  let last: ConfiguredHook | null = null;
  for (const h of hooks) {
    const step = steps[steps.length - 1];
    if (step && last?.parallel && h.parallel && groupOf(last) === groupOf(h)) step.push(h);
    else steps.push([h]);
    last = h;
  }
  return steps;
}

/** A parallel hook's effect once its rewrite is dropped because `first`, earlier in its group, rewrote the input. */
export function ignoredRewrite(effect: RunEffect, first: ConfiguredHook): RunEffect {
  const { updatedInput: _dropped, ...rest } = effect;
  const warning = `its rewrite of the input was ignored: "${first.displayName}", earlier in the same parallel group, rewrote it first`;
  const words = effect.words.replace('rewrote the tool input', 'rewrite ignored (an earlier hook of its parallel group rewrote the input)');
  return { ...rest, words, warning };
}
