#!/bin/sh
# SubagentStop hook (matcher "code-reviewer"): a review subagent may only finish once its report
# has a "## Findings" section. Blocks once; if the subagent still has none, it may stop.
# Needs jq.
jq -c '
  select((.stop_hook_active | not)
         and ((.last_assistant_message // "") | test("## Findings") | not))
  | {decision: "block",
     reason: "End your review with a ## Findings section: one line per problem, as file:line - problem."}'
