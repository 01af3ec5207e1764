// Runs ONE hook process (docs/hooks.md, "How a hook runs"): own process group, JSON on stdin then EOF, a timeout that
// SIGTERMs the whole group and SIGKILLs it 2 s later, stdout/stderr capped at 64 KiB each with the
// rest drained and dropped (a flood is handed to a `dd` drainer), non-UTF-8 decoded with
// replacement characters. The result tells exit code, signal, timeout and spawn failure apart (a
// hook that cannot be spawned is a result, never an exception). When the hook ends or is killed,
// every process still holding its stdout/stderr is killed too, one that left the group included.
// Nothing here knows about events or answers.
//
// Where the fork happens (docs/architecture.md, "The hook spawner"; the figures that chose it are
// in docs/benchmarks.md): on `node:child_process` directly (spawn.ts; execa's machinery cost
// ≈ 1.5 ms per hook), and on POSIX from a small long-lived spawner process (spawner.ts,
// spawnerMain.ts) because a fork copies the parent's page tables: from the sidecar it grows with
// the agent's memory (≈ 10 ms with 200 MB of Buffers alive), from the spawner it stays ≈ 2 ms.
// The spawner starts lazily, once it pays for its own start (below); until it is ready (and if it
// is given up on) hooks run from here.
import { HookSpawner } from './spawner.js';
import { runDirect } from './spawn.js';

export { OUTPUT_CAP, HANDOFF_AFTER_DROPPED } from './capture.js';

import type { ProcessRunner } from '../handlers/processSpec.js';

export type { ProcessSpec, ProcessRunner } from '../handlers/processSpec.js';

/** `WAVE_HOOK_SPAWNER=off` runs every hook from the sidecar itself (no spawner process). */
const spawner = new HookSpawner({ enabled: process.platform !== 'win32' && process.env.WAVE_HOOK_SPAWNER !== 'off' });

/**
 * When the spawner pays for itself. Its start is a Node process (≈ 0.2 CPU-seconds here): a short
 * `wave -p` or `wave hooks test`, a small process running a few hooks, forks them itself at the raw
 * floor (docs/benchmarks.md, "Why the spawner"). A process that has grown — where each fork copies
 * more page tables — or that runs hooks often gets the spawner.
 */
export const SPAWNER_AFTER = { hooks: 20, rssBytes: 150 * 1024 * 1024 };
let directRuns = 0;
const spawnerPays = () => directRuns >= SPAWNER_AFTER.hooks || process.memoryUsage.rss() >= SPAWNER_AFTER.rssBytes;

export const runHookProcess: ProcessRunner = (spec) => {
  if (spawner.usable) return spawner.run(spec);
  // Meanwhile (and when there can be none) the hook runs from here; the spawner is started once
  // this hook is done, so its start-up (a fork from this process too) never delays the hook.
  directRuns++;
  const result = runDirect(spec);
  void result.then(() => spawnerPays() && spawner.start());
  return result;
};

/**
 * Starts the spawner now, so the hooks to come find it ready (a session with hooks calls it; the
 * runner starts it at the first hook anyway). Resolves true once it is ready, false when hooks
 * will run from this process (Windows, `WAVE_HOOK_SPAWNER=off`, or it could not be started).
 */
export function prepareHookRunner(): Promise<boolean> {
  return spawner.whenReady();
}
