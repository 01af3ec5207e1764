// The processes of a sidecar end with it however it ends, kill -9 included (docs/reliability.md,
// "Background shells after kill -9"). Node has no parent-death signal, and an 'exit' handler never
// runs after SIGKILL: so a tiny `sh` started in its own process group holds a pipe from this
// process and is told, one line each, which process groups and processes to end. When the pipe
// closes — this process is gone, however it died — its `read` sees the end and it SIGKILLs every
// one still listed. Linux and macOS; on Windows there is no watchdog (the exit handler alone).
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';

/** `add <target>` / `del <target>` lines; a target is a pid, or -pgid for a whole group. */
const SCRIPT = [
  'list=""',
  'while read -r op target; do',
  '  case "$op" in',
  '    add) list="$list $target" ;;',
  '    del) kept=""; for t in $list; do [ "$t" = "$target" ] || kept="$kept $t"; done; list="$kept" ;;',
  '  esac',
  'done',
  'for t in $list; do kill -KILL "$t" 2>/dev/null; done',
].join('\n');

let pipe: Writable | null | undefined;

/** The watchdog's stdin, started at the first use (null where there is none). */
function watchdog(): Writable | null {
  if (pipe !== undefined) return pipe;
  pipe = null;
  if (process.platform === 'win32') return pipe;
  try {
    const child = spawn('/bin/sh', ['-c', SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    child.on('error', () => (pipe = null));
    child.stdin.on('error', () => (pipe = null)); // it is gone: nothing more to tell it
    child.unref();
    (child.stdin as Socket).unref();
    pipe = child.stdin;
  } catch {
    pipe = null;
  }
  return pipe;
}

/** Tells the watchdog to end `target` (a pid; a negative number is a whole process group) if this process dies first. */
export function watch(target: number): void {
  watchdog()?.write(`add ${target}\n`);
}

/** `target` ended or was released: the watchdog forgets it. */
export function unwatch(target: number): void {
  if (pipe) pipe.write(`del ${target}\n`);
}
