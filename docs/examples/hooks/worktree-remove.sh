#!/bin/sh
# WorktreeRemove hook: removes a worktree made by worktree-create.sh, and its branch.
# Wave does not run `git worktree remove` itself when a hook created the worktree. Needs jq.
dir=$(jq -r '.worktree_path')
branch=$(git -C "$dir" branch --show-current 2>/dev/null)
git -C "$WAVE_PROJECT_DIR" worktree remove --force "$dir" || exit 1
[ -n "$branch" ] && git -C "$WAVE_PROJECT_DIR" branch -D "$branch" >&2
exit 0
