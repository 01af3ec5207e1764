// Files that hold a conversation, hook output, a key or trust answers are private (docs/reliability.md,
// "Private files"): 0600 files in 0700 folders, whatever the umask, and one made with other bits
// before is tightened at its next write.
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/**
 * Makes `dir` (missing parents too, each 0700) and tightens `dir` itself to 0700 when it is ours
 * and has more bits. Throws what mkdir throws (the caller's write then says why it failed).
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if (process.platform === 'win32') return;
  const st = statSync(dir);
  const mine = typeof process.getuid !== 'function' || process.getuid() === 0 || st.uid === process.getuid();
  if ((st.mode & 0o777) !== PRIVATE_DIR && mine) chmodSync(dir, PRIVATE_DIR);
}
