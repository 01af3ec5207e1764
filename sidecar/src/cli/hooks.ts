// `wave hooks …`: inspect the configured hooks, try them without a model, read their history. Each
// sub-command is loaded when it is asked for, so `wave hooks stats` does not load the hook engine.
import { EVENT_NAMES } from '../hooks/contract/events.js';

const USAGE = `usage:
  wave hooks list     [--workdir DIR] [--json]
      every configured hook with its source, file, event, matcher and command
  wave hooks validate [--workdir DIR] [--json]
      every problem in the hook configuration (exit code 1 when there is an error)
  wave hooks test <Event> [--workdir DIR] [--tool NAME] [--input JSON|FILE|-] [--json]
      run the hooks of one event for real against a test payload and show what they decide,
      and which hooks did not run and why
  wave hooks runs [--event E] [--hook TEXT] [--outcome ok|blocked|error|timeout] [--since 2h] [--limit N] [--json]
      the run history (~/.wave/hook-runs.jsonl), newest first
  wave hooks stats [--since 7d] [--json]
      per hook: runs, blocks, errors, timeouts, p50 / p95 / max duration, last run
  wave hooks review [--workdir DIR] [--apply FILE|all] [--revert FILE|all]
      the settings files a session saw change and nobody reviewed (the next session runs their
      last approved content); apply or revert them
  wave hooks import [--from FILE] [--to user|project|local] [--workdir DIR] [--dry-run] [--json]
      add the hooks of ~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json
      (or FILE) to the matching Wave file, skipping those already there

Events: ${EVENT_NAMES.join(', ')}
`;

export async function hooksCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list':
      return (await import('./hooksList.js')).listCommand(rest);
    case 'validate':
      return (await import('./hooksList.js')).validateCommand(rest);
    case 'test':
      return (await import('./hooksTest.js')).hooksTestCommand(rest);
    case 'review':
      return (await import('./hooksReview.js')).reviewCommand(rest);
    case 'import':
      return (await import('./hooksImport.js')).importCommand(rest);
    case 'runs':
    case 'stats':
      return (await import('./hooksHistory.js')).historyCommand(sub, rest);
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(USAGE);
      return sub === undefined ? 1 : 0;
    default:
      process.stderr.write(`wave hooks: unknown sub-command "${sub}"\n${USAGE}`);
      return 2;
  }
}
