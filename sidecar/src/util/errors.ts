// What went wrong: the message of a thrown value (an Error's message, else the value as text), and
// the system's code of a failed file operation.
/** The message of anything thrown. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The system's code of a failed file operation (ENOSPC, EACCES…), or null. */
export function errnoOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}
