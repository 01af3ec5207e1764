#!/bin/sh
# PostToolUse hook (matcher "Edit|Write"): formats the file the tool just wrote, with the
# project's own formatter when it has one. A formatter that fails (usually a syntax error the edit
# introduced) exits 2, so its message reaches the model right after the tool result.
# Needs jq.
file=$(jq -r '.tool_input.file_path // empty')
[ -n "$file" ] && [ -f "$file" ] || exit 0
cd "$WAVE_PROJECT_DIR" || exit 0

case "$file" in
  *.js|*.jsx|*.mjs|*.ts|*.tsx|*.json|*.css|*.scss|*.md|*.yaml|*.yml)
    [ -x node_modules/.bin/prettier ] || exit 0
    set -- node_modules/.bin/prettier --log-level warn --write "$file" ;;
  *.go)
    command -v gofmt >/dev/null || exit 0
    set -- gofmt -w "$file" ;;
  *.py)
    command -v ruff >/dev/null || exit 0
    set -- ruff format --quiet "$file" ;;
  *) exit 0 ;;
esac

if ! out=$("$@" 2>&1); then
  printf 'The formatter (%s) failed on %s:\n%s\n' "$1" "$file" "$out" >&2
  exit 2
fi
