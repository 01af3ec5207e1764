// The one zod schema of hook configuration (SPEC 1.2), used for every source: settings files,
// plugin hooks.json and programmatic hooks. The settings JSON Schema (schemas/settings.schema.json)
// is generated from it by `npm run schema`.
import { z } from 'zod';
import { EVENT_NAMES, EVENTS } from './events.js';

/** The longest timeout a hook may have (docs/hooks.md, Validation): one day. */
export const MAX_TIMEOUT_SECONDS = 86_400;

/** A NUL byte cannot reach a process (the spawn fails), so it is refused when the file is read. */
const NO_NUL = /^[^\u0000]*$/; // \u0000, not \0: the JSON Schema is also read by Java regexes (IDE)
const nul = (what: string) => `${what} contains a NUL byte (\\u0000), which no program can receive: remove it`;

export const HandlerSchema = z
  .object({
    type: z
      .literal('command', { error: (iss) => `unsupported hook type ${JSON.stringify(iss.input)}: only "command" is supported` })
      .optional()
      .describe('Handler type; only "command" is supported (a missing type means command).'),
    command: z
      .string({ error: 'command must be a string' })
      .regex(/\S/, 'command must not be empty')
      .regex(NO_NUL, nul('command'))
      .describe('Shell command run with sh -c; the event payload arrives as JSON on stdin.'),
    commandWindows: z.string().min(1).regex(NO_NUL, nul('commandWindows')).optional().describe('Used instead of command on Windows, run by PowerShell.'),
    timeout: z
      .number({ error: 'timeout must be a number of seconds' })
      .positive('timeout must be a positive number of seconds')
      .max(MAX_TIMEOUT_SECONDS, `timeout must be at most ${MAX_TIMEOUT_SECONDS} seconds (one day)`)
      .optional()
      .describe('Seconds before the hook is killed (default 600).'),
    async: z.boolean({ error: 'async must be true or false' }).optional().describe('Run in the background, never waited for.'),
    description: z.string().optional().describe('Shown in the hooks list.'),
    name: z.string().optional().describe('Shown in the hooks list when there is no description.'),
  })
  .passthrough()
  .meta({ id: 'HookHandler', description: 'One hook handler.' });

export const MatcherGroupSchema = z
  .object({
    matcher: z.string({ error: 'matcher must be a string' }).optional().describe('Which values the hook applies to (SPEC 2).'),
    hooks: z.array(HandlerSchema, { error: 'hooks must be an array of handlers' }),
  })
  .passthrough()
  .meta({ id: 'HookMatcherGroup', description: 'Hooks that run for the values their matcher accepts.' });

const eventProperties = Object.fromEntries(
  EVENT_NAMES.map((name) => [name, z.array(MatcherGroupSchema).optional().describe(EVENTS[name].when)]),
);

export const HooksSchema = z
  .object(eventProperties)
  .catchall(z.array(MatcherGroupSchema))
  .describe('Hooks by event name.');

export const PermissionsSchema = z
  .object({
    allow: z.array(z.string()).optional().describe('Rules such as "Bash(npm test:*)" or "Edit" that never ask.'),
    deny: z.array(z.string()).optional().describe('Rules that always deny.'),
    ask: z.array(z.string()).optional().describe('Rules that always ask.'),
  })
  .passthrough();

export const SettingsSchema = z
  .object({
    $schema: z.string().optional(),
    hooks: HooksSchema.optional(),
    disableAllHooks: z.boolean().optional().describe('Turn every hook off.'),
    env: z
      .record(z.string().regex(NO_NUL, nul('the name')), z.string().regex(NO_NUL, nul('the value')))
      .optional().describe('Environment variables for hooks and tools.'),
    permissions: PermissionsSchema.optional(),
    hookTurnBudgetSeconds: z.number().positive().optional().describe('Time all synchronous hooks of one user turn may take together (default 600).'),
    contextWindowTokens: z.number().int().positive().optional().describe('The model’s context window in tokens (default 200000).'),
    autoCompactThreshold: z.number().gt(0).lte(1).optional().describe('Share of the context window at which the conversation is compacted automatically (default 0.8).'),
  })
  .passthrough()
  .describe('Wave settings (~/.wave/settings.json, .wave/settings.json, .wave/settings.local.json).');

export const PluginHooksFileSchema = z
  .object({
    description: z.string().optional(),
    hooks: HooksSchema,
  })
  .passthrough();

export type HandlerInput = z.input<typeof HandlerSchema>;
export type HooksConfig = Record<string, Array<{ matcher?: string; hooks: HandlerInput[] }>>;

export function settingsJsonSchema(): object {
  return z.toJSONSchema(SettingsSchema, { io: 'input', unrepresentable: 'any' });
}
