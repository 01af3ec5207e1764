#!/bin/sh
# UserPromptSubmit hook: adds the current git branch and the uncommitted files to every prompt.
# Plain stdout of a UserPromptSubmit hook is context for the model. It never reads stdin, which is fine.
cd "$WAVE_PROJECT_DIR" 2>/dev/null || exit 0
branch=$(git branch --show-current 2>/dev/null) || exit 0
echo "Current git branch: ${branch:-(detached HEAD)}"
changes=$(git status --short 2>/dev/null | head -n 20)
if [ -n "$changes" ]; then
  printf 'Uncommitted changes:\n%s\n' "$changes"
fi
