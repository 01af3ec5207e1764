// What went wrong, in words: the message of a thrown value (an Error's message, else the value as text).
/** The message of anything thrown. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
