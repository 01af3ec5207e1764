// What every handler type has (docs/hooks.md, "Matcher groups and handlers"): the common fields, their
// schema, and reading them from a checked entry. Each handler type's module adds its own fields.
import { z } from 'zod';

/** The longest timeout a hook may have (docs/hooks.md, Validation): one day. */
export const MAX_TIMEOUT_SECONDS = 86_400;

/** What every handler type has (docs/hooks.md, "Handler fields"). */
export interface HandlerCommon {
  /** seconds */
  timeout?: number;
  async?: boolean;
  /** async / asyncRewake: milliseconds the background run may take (default: `timeout`). */
  asyncTimeout?: number;
  asyncRewake?: boolean;
  rewakeMessage?: string;
  once?: boolean;
  /** Tool events: run only for calls this permission rule (`Bash(git commit*)`) covers. */
  if?: string;
  /** `"block"`: any failure of the hook (not found, crash, other exit code, timeout, stopped, invalid JSON) blocks like exit 2. */
  onFailure?: 'block';
  /** Shown while the hook runs. */
  statusMessage?: string;
  description?: string;
  name?: string;
}

/** The schema of the fields every handler type has. */
export const commonFields = {
  timeout: z
    .number({ error: 'timeout must be a number of seconds' })
    .positive('timeout must be a positive number of seconds')
    .max(MAX_TIMEOUT_SECONDS, `timeout must be at most ${MAX_TIMEOUT_SECONDS} seconds (one day)`)
    .optional()
    .describe('Seconds before the hook is stopped (default 600).'),
  async: z.boolean({ error: 'async must be true or false' }).optional().describe('Run in the background, never waited for.'),
  asyncTimeout: z
    .number({ error: 'asyncTimeout must be a number of milliseconds' })
    .positive('asyncTimeout must be a positive number of milliseconds')
    .max(MAX_TIMEOUT_SECONDS * 1000, `asyncTimeout must be at most ${MAX_TIMEOUT_SECONDS * 1000} milliseconds (one day)`)
    .optional()
    .describe(
      'async and asyncRewake hooks: milliseconds the background run may take (default: timeout, 10 minutes); wave -p waits for it at most this long before it exits.',
    ),
  asyncRewake: z
    .boolean({ error: 'asyncRewake must be true or false' })
    .optional()
    .describe('Run in the background; if it exits 2, its stderr reaches the model (at the next model request, or waking the idle agent).'),
  rewakeMessage: z.string({ error: 'rewakeMessage must be a string' }).optional().describe('Put before the stderr of an asyncRewake hook that exits 2.'),
  once: z.boolean({ error: 'once must be true or false' }).optional().describe('Run at most once per session.'),
  if: z
    .string({ error: 'if must be a permission rule such as "Bash(git commit*)"' })
    .optional()
    .describe('Tool events: run only for calls this permission rule covers, e.g. "Bash(git commit*)" or "Edit(src/**)".'),
  onFailure: z
    .enum(['block'], { error: 'onFailure must be "block"' })
    .optional()
    .describe(
      'Claude Code 2.1.295: "block" makes every failure of the hook (not found, not executable, crash, an exit code other than 0 and 2, timeout, stopped, invalid JSON) block like exit 2, with a reason naming the failure. Without it a failure is a non-blocking error.',
    ),
  statusMessage: z
    .string({ error: 'statusMessage must be a string' })
    .optional()
    .describe('Shown while the hook runs (the chat’s live card, wave -p on stderr).'),
  description: z.string().optional().describe('Shown in the hooks list.'),
  name: z.string().optional().describe('Shown in the hooks list when there is no description.'),
};

/** Copies the defined optional fields (exactOptionalPropertyTypes: never an `undefined` value). */
export function defined<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** The common fields of a checked entry. */
export function common(d: { [K in keyof HandlerCommon]?: HandlerCommon[K] | undefined }): HandlerCommon {
  const { timeout, async, asyncTimeout, asyncRewake, rewakeMessage, once, onFailure, statusMessage, description, name } = d;
  return defined({ timeout, async, asyncTimeout, asyncRewake, rewakeMessage, once, if: d.if, onFailure, statusMessage, description, name });
}

/** A text in one line, cut to `max` characters with an ellipsis. */
export function summarize(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
