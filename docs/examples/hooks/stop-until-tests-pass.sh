#!/bin/sh
# Stop hook: keeps the agent working until the test suite passes.
# The test command comes from $TEST_CMD (set it in the "env" key of the settings), default `npm test`.
# Needs jq.
input=$(cat)

# Already continuing because this hook blocked once: let the agent stop now rather than loop.
[ "$(printf '%s' "$input" | jq -r '.stop_hook_active')" = "true" ] && exit 0

# Background work is still running: when it completes, its notification starts a new cycle and
# Stop fires again with the updated list, so the tests are run then.
[ "$(printf '%s' "$input" | jq '.background_tasks | length')" -gt 0 ] && exit 0

cd "$WAVE_PROJECT_DIR" || exit 0
if ! out=$(sh -c "${TEST_CMD:-npm test}" 2>&1); then
  printf '%s\n' "$out" | tail -n 30 |
    jq -Rsc '{decision: "block", reason: ("The tests fail; fix them before you finish.\n" + rtrimstr("\n"))}'
fi
