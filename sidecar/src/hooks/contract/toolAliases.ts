// The subagent tool's two names (docs/hooks.md, "Coming from Claude Code"): Claude Code called it
// `Task` and now calls it `Agent`, as Wave does; hooks written for either name run for it, in a
// matcher and in an `if` rule alike.

const SUBAGENT_NAMES = ['Agent', 'Task'] as const;

/** Every name a tool answers to in matchers and `if` rules: the subagent tool has two, any other tool one. */
export function toolNamesOf(name: string): readonly string[] {
  return (SUBAGENT_NAMES as readonly string[]).includes(name) ? SUBAGENT_NAMES : [name];
}
