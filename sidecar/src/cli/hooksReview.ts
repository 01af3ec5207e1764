// `wave hooks review [--workdir DIR] [--apply FILE|all] [--revert FILE|all]` (docs/hooks.md,
// "Changes during a session"): the settings files (and the trust store) a session saw change and
// nobody reviewed — the next session runs their last approved content — and, outside any session,
// Apply (the file as it is becomes the approved content) or Revert (the approved content goes back
// on disk).
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { ApprovedStore, textHash } from '../settings/approved.js';
import { settingsPaths } from '../settings/paths.js';
import { diskText, restoreText } from '../settings/reviewedFile.js';
import { commandArgs } from './args.js';
import { resolveWorkdir } from './workdir.js';

const USAGE = `usage: wave hooks review [--workdir DIR] [--apply FILE|all] [--revert FILE|all]
  the settings files changed during a session and not reviewed (the next session runs their last
  approved content); --apply takes a file as it is now, --revert writes its approved content back`;

export function reviewCommand(argv: string[]): number {
  const args = commandArgs('hooks review', USAGE, argv, { workdir: { type: 'string' }, apply: { type: 'string' }, revert: { type: 'string' } });
  if (!args.ok) return args.code;
  const { dir } = resolveWorkdir(args.values.workdir);
  const paths = settingsPaths(dir, homedir());
  const store = new ApprovedStore(paths.userDir);
  const files = [paths.user, paths.project, paths.projectLocal, resolve(paths.userDir, 'trusted-workdirs.json')];
  const unreviewed = files.flatMap((path) => {
    const r = store.get(path);
    return r?.pending && textHash(diskText(path)) !== textHash(r.text) ? [{ path, record: r }] : [];
  });
  const pick = (arg: string) => unreviewed.filter((u) => arg === 'all' || u.path === resolve(arg));
  for (const [flag, act] of [
    ['apply', (u: (typeof unreviewed)[number]) => store.approve(u.path, diskText(u.path))],
    ['revert', (u: (typeof unreviewed)[number]) => (restoreText(u.path, u.record.text), store.approve(u.path, u.record.text))],
  ] as const) {
    const arg = args.values[flag];
    if (arg === undefined) continue;
    const chosen = pick(arg);
    if (!chosen.length) {
      process.stderr.write(`wave hooks review: ${arg === 'all' ? 'no file' : resolve(arg)} has no unreviewed change\n`);
      return 1;
    }
    for (const u of chosen) {
      act(u);
      process.stdout.write(`${flag === 'apply' ? 'applied' : 'reverted'} ${u.path}\n`);
    }
    return 0;
  }
  if (!unreviewed.length) process.stdout.write('No unreviewed change: the next session starts from the files as they are.\n');
  for (const u of unreviewed)
    process.stdout.write(`${u.path}: changed during a session (${u.record.pending!.at}), not reviewed; the next session runs its content of ${u.record.at}\n`);
  return 0;
}
