// Telling JSON values apart: a JSON object (not null, not an array), as read from a settings file or a hook's answer.
/** Whether a value is a JSON object: not null, not an array. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
