// How long a test waits for what it expects before it calls the wait hung (README, "Running tests";
// docs/reliability.md, "The test suite under load"). Every wait in the suite is for an event — a
// line, a file, a message, an exit — and this limit only turns a hang into a clear failure that
// names what never came: it is never a measure of speed (benchmarks in bench/ measure time). It is
// generous because the suite must stay green on a busy 2-core machine, where a process start that
// takes 0.3 s alone took 100 s at load 60 (several suites at once); `WAVE_TEST_HANG_SECONDS` changes it.
export const HANG_MS = Number(process.env.WAVE_TEST_HANG_SECONDS ?? 300) * 1000;

/** vitest's per-test and per-hook limit: room for a few waits in a row (vitest.config.ts). */
export const TEST_LIMIT_MS = HANG_MS * 3;

/** Resolves after `ms` (a poll interval between two looks, never a wait for something to happen). */
export const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `check` until it returns something (not undefined/null/false) and resolves with that; after
 * HANG_MS it rejects naming `what` — a hang, not a slow machine.
 */
export async function until<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>, what: string, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${HANG_MS / 1000} s (a hang: the limit is WAVE_TEST_HANG_SECONDS)`);
    await pause(intervalMs);
  }
}
