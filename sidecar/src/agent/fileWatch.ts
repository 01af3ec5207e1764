// The files FileChanged hooks watch (docs/hooks.md, "FileChanged"): the literal file names of their
// matchers (in the session's working directory) and the paths SessionStart, CwdChanged and
// FileChanged hooks return in `watchPaths` (the latest answer replaces the earlier set). Each file's
// folder is watched; a change, an add or an unlink of a watched file fires once per burst of events.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export type FileEvent = 'change' | 'add' | 'unlink';

/** Events of one file closer together than this are one change (an editor's save is several). */
const BURST_MS = 50;

/** The plain file names of a FileChanged matcher (`.envrc|.env`): no pattern, no path. */
export function literalNames(matcher: string | undefined): string[] {
  return (matcher ?? '')
    .split('|')
    .map((a) => a.trim())
    .filter((a) => a !== '' && /^[\w.@+-]+$/.test(a) && a !== '.*');
}

export class FileWatch {
  private literal: string[] = [];
  private dynamic: string[] = [];
  private readonly dirs = new Map<string, FSWatcher>();
  private readonly exists = new Map<string, boolean>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly onChange: (path: string, event: FileEvent) => Promise<void>) {}

  /** The matchers' file names, in the working directory `cwd`. */
  setNames(names: readonly string[], cwd: string): void {
    this.literal = names.map((n) => resolve(cwd, n));
    this.sync();
  }

  /** A hook's `watchPaths` (relative ones against `cwd`): the set watched from now on, beside the matchers' names. */
  setPaths(paths: readonly string[], cwd: string): void {
    this.dynamic = paths.map((p) => resolve(cwd, p));
    this.sync();
  }

  private paths(): Set<string> {
    return new Set([...this.literal, ...this.dynamic]);
  }

  private sync(): void {
    if (this.closed) return;
    const paths = this.paths();
    const dirs = new Set([...paths].map((p) => dirname(p)));
    for (const p of paths) if (!this.exists.has(p)) this.exists.set(p, existsSync(p));
    for (const [dir, w] of this.dirs) {
      if (dirs.has(dir)) continue;
      w.close();
      this.dirs.delete(dir);
    }
    for (const dir of dirs) {
      if (this.dirs.has(dir)) continue;
      try {
        this.dirs.set(
          dir,
          watch(dir, (_kind, name) => name && this.seen(join(dir, name.toString()))),
        );
      } catch {
        // a folder that does not exist (yet) is not watched: its files cannot change
      }
    }
  }

  private seen(path: string): void {
    if (this.closed || !this.paths().has(path)) return;
    clearTimeout(this.timers.get(path));
    this.timers.set(
      path,
      setTimeout(() => {
        this.timers.delete(path);
        const now = existsSync(path);
        const was = this.exists.get(path) ?? false;
        this.exists.set(path, now);
        const event: FileEvent | null = now && !was ? 'add' : was && !now ? 'unlink' : now ? 'change' : null;
        if (event) this.track(this.onChange(path, event));
      }, BURST_MS),
    );
  }

  private track(p: Promise<void>): void {
    const done = p.catch(() => undefined).finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Stops watching; resolves once the FileChanged hooks already started have ended. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.dirs.values()) w.close();
    this.dirs.clear();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    while (this.running.size) await Promise.all([...this.running]);
  }
}
