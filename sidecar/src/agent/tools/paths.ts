// Path helpers for the file tools.
import { isAbsolute, resolve } from 'node:path';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';

export function absolutePath(cwd: string, p: string): string {
  return isAbsolute(p) ? p : resolve(cwd, p);
}

const SKIP_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn']);

/** Every file below `root` (skipping VCS folders and node_modules), as paths relative to root. */
export async function walkFiles(root: string, limit = 50_000): Promise<string[]> {
  const out: string[] = [];
  const queue = [root];
  while (queue.length && out.length < limit) {
    const dir = queue.shift()!;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) queue.push(full);
      } else if (e.isFile()) {
        out.push(relative(root, full));
      }
    }
  }
  return out;
}
