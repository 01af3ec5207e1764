// The hook spawner process (docs/architecture.md, "The hook spawner"): a small, long-lived Node
// process that runs hooks for the sidecar, so the cost of forking a hook never grows with the
// sidecar's memory (fork copies the parent's page tables: docs/benchmarks.md). Each request is one
// hook, run here by the same code as a direct run (spawn.ts), with every guarantee of it; the
// output is capped and drained here, so only the kept text crosses the pipe.
//
// Protocol, one JSON object per line. In: `{ t: 'run', id, spec, hold }` (with `hold`, the hook
// waits at its gate until `{ t: 'release', id }`: the sidecar writes the transcript meanwhile). Out: `{ t: 'ready' }` once;
// per hook `{ t: 'started', id, pid, links }` (written before the hook's stdin, so a hook whose
// spawner died before this line never ran its command when it is gated: process/pipeHolders.ts),
// `{ t: 'detached', id, result }` when it answered async on its first line, `{ t: 'done', id, result }`.
// When its stdin ends (the sidecar is gone, however it died) it exits, and process/groups.ts kills
// every hook group, drainer and pipe holder still alive.
import type { ProcessSpec } from './runner.js';
import { runDirect } from './spawn.js';
import type { ProcessResult } from '../contract/types.js';

function send(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function withoutDetached(r: ProcessResult): ProcessResult {
  const { detached: _detached, ...rest } = r;
  return rest;
}

/** The held hooks, waiting for their release. */
const held = new Map<number, () => void>();

function run(id: number, given: ProcessSpec, hold: boolean): void {
  const spec = hold ? { ...given, ready: new Promise<void>((resolve) => held.set(id, resolve)) } : given;
  const started = (pid: number, links: readonly string[]) => send({ t: 'started', id, pid, links });
  void runDirect(spec, { onStarted: started }).then((r) => {
    held.delete(id);
    if (!r.detached) return send({ t: 'done', id, result: r });
    send({ t: 'detached', id, result: withoutDetached(r), asyncTimeoutMs: r.detached.asyncTimeoutMs });
    void r.detached.done.then((final) => send({ t: 'done', id, result: withoutDetached(final) }));
  });
}

function onLine(line: string): void {
  let req: { t?: unknown; id?: unknown; spec?: ProcessSpec; hold?: unknown };
  try {
    req = JSON.parse(line) as typeof req;
  } catch {
    return; // not a request (the sidecar writes nothing else)
  }
  if (req.t === 'run' && typeof req.id === 'number' && req.spec) run(req.id, req.spec, req.hold === true);
  if (req.t === 'release' && typeof req.id === 'number') {
    held.get(req.id)?.();
    held.delete(req.id);
  }
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  pending += chunk;
  let nl: number;
  while ((nl = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    onLine(line);
  }
});
// The sidecar closed our stdin (it exited or was killed): the 'exit' handler of process/groups.ts
// kills whatever still runs.
process.stdin.on('end', () => process.exit(0));
process.stdout.on('error', () => process.exit(0)); // nobody reads our answers any more
send({ t: 'ready' });
