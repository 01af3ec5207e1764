// What a command run in a warm `wave` (waveHost.mjs) left keeping the event loop alive: the resources
// alive now (`process.getActiveResourcesInfo()`: their types) beyond those alive before it started,
// counted by type. One alive before that has ended since (an immediate the command before it
// left) is not waited for: a command is done once it added nothing.

/**
 * @param {readonly string[]} before  resource types alive when the command started
 * @param {readonly string[]} now  resource types alive now
 * @returns {string[]} the types alive now beyond those of `before` (as many as there are more)
 */
export function leftBehind(before, now) {
  const spare = new Map();
  for (const type of before) spare.set(type, (spare.get(type) ?? 0) + 1);
  return now.filter((type) => {
    const n = spare.get(type) ?? 0;
    if (n > 0) spare.set(type, n - 1);
    return n === 0;
  });
}
