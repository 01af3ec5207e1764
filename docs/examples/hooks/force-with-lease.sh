#!/bin/sh
# PreToolUse hook (matcher "Bash"): instead of refusing `git push --force`, rewrites it to
# `git push --force-with-lease` and asks the user to confirm the rewritten command.
# Needs jq.
jq -c '
  select(.tool_input.command // "" | test("\\bgit\\s+push\\b.*\\s--force(\\s|$)"))
  | {hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: "rewrote --force to --force-with-lease",
      updatedInput: (.tool_input | .command |= gsub("\\s--force(?<end>\\s|$)"; " --force-with-lease\(.end)"))
    }}'
