// "Try, else show the error" for the stores' verbs: a request that fails puts its message where the
// view shows errors (an error signal, or a function that makes a notice of it) and never throws on.
import { RequestFailed } from '../connection/client.js';
import { refusalText } from './refusalWords.js';

/**
 * The message of anything thrown: a refused settings change in the UI's words, a failed request's
 * message, an Error's message, else the value as text.
 */
export function messageOf(err: unknown): string {
  if (err instanceof RequestFailed && err.why) return refusalText(err.why);
  return err instanceof Error ? err.message : String(err);
}

/** Where a failure's message goes: an error signal, or a function that shows it. */
export type ErrorSink = { value: string | null } | ((message: string) => void);

/** Runs `work`; when it fails, its message goes to `sink`. True when it succeeded. */
export async function attempt(sink: ErrorSink, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (err) {
    if (typeof sink === 'function') sink(messageOf(err));
    else sink.value = messageOf(err);
    return false;
  }
}
