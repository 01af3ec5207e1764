// Types of hostResources.mjs (plain JavaScript: the warm `wave` host runs it without a transform).
export function leftBehind(before: readonly string[], now: readonly string[]): string[];
