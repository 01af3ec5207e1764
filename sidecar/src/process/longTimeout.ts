// A timer for delays Node cannot arm directly (docs/hooks.md, Validation: a hook's timeout): Node
// fires a setTimeout longer than 2^31-1 ms after 1 ms, which made `timeout: 1e9` time out at once.
/** The longest delay a Node timer can be armed with; a longer one would fire at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A timer for any delay: one longer than MAX_TIMER_MS is armed in steps (Node would fire it after
 * 1 ms), and one that is not finite never fires.
 */
export function longTimeout(fn: () => void, ms: number): { clear(): void } {
  let timer: NodeJS.Timeout | undefined;
  const arm = (left: number) => {
    if (!(left < Infinity)) return;
    timer = setTimeout(left > MAX_TIMER_MS ? () => arm(left - MAX_TIMER_MS) : fn, Math.min(Math.max(0, left), MAX_TIMER_MS));
  };
  arm(ms);
  return { clear: () => clearTimeout(timer) };
}
