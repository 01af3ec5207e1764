#!/usr/bin/env node
// PreToolUse hook (matcher "Bash"): refuses `rm -rf` in its usual spellings
// (rm -rf, rm -fr, rm -Rf, rm -r -f, rm --recursive --force, sudo rm -rf, xargs rm -rf).
// It is a guard against mistakes, not a sandbox: `bash -c "..."` or a script can still delete files.
// Exit 2 blocks the call; the text on stderr becomes the tool result the model sees.
import { readFileSync } from 'node:fs';

const event = JSON.parse(readFileSync(0, 'utf8'));
const command = String(event.tool_input?.command ?? '');

// Every `rm` that starts a command: at the beginning, or after ; & | ( ` or $(
for (const m of command.matchAll(/(?:^|[;&|(`]|\$\()\s*((?:sudo\s+|xargs\s+)?rm\s+([^;&|)`]*))/g)) {
  const flags = m[2].split(/\s+/).filter((word) => word.startsWith('-'));
  const short = flags.filter((f) => !f.startsWith('--')).join('');
  const recursive = /r/i.test(short) || flags.includes('--recursive');
  const force = /f/.test(short) || flags.includes('--force');
  if (recursive && force) {
    process.stderr.write(
      `Blocked by the rm -rf guard hook: "${m[1].trim()}". ` +
        'Recursive forced deletes are not allowed. Delete the specific files you mean, ' +
        'or ask the user to run the command themselves.\n',
    );
    process.exit(2);
  }
}
// Anything else: exit 0 with no output, the call goes on as if there were no hook.
