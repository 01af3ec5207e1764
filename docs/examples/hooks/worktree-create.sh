#!/bin/sh
# WorktreeCreate hook: creates the worktree next to the repository, in ../<repo>-worktrees/<name>,
# on a new branch wave/<name>, and prints its path: the first line of stdout is the worktree.
# Everything else goes to stderr. Needs jq.
name=$(jq -r '.name')
repo=$(git -C "$WAVE_PROJECT_DIR" rev-parse --show-toplevel) || exit 1
dir="$(dirname "$repo")/$(basename "$repo")-worktrees/$name"
git -C "$repo" worktree add -b "wave/$name" "$dir" >&2 || exit 1
echo "$dir"
