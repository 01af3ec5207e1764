// A promise with its resolve function at hand (Promise.withResolvers, which Node 20 lacks): the
// hook runs' results, a hook's gate, the turn scheduler's wake-up.

export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
