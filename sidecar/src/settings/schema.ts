// The settings keys besides `hooks` (docs/hooks.md, "The settings format"; README, "Settings keys"):
// one zod schema for every settings file — permissions, env, the hook switches, compaction and the
// model — extended with the hook schema (hooks/config/schema.ts) into THE settings schema, from which
// schemas/settings.schema.json is generated. A bad key is reported with its JSON path and left out.
import * as z from 'zod';
import { MODEL_PROVIDERS } from '../protocol/wire.js';

/** A NUL byte cannot reach a process (the spawn fails), so it is refused when the file is read. */
export const NO_NUL = /^[^\u0000]*$/; // \u0000, not \0: the JSON Schema is also read by Java regexes (IDE)
export const nul = (what: string) => `${what} contains a NUL byte (\\u0000), which no program can receive: remove it`;

export const PermissionsSchema = z
  .object({
    allow: z.array(z.string()).optional().describe('Rules such as "Bash(npm test:*)" or "Edit" that never ask.'),
    deny: z.array(z.string()).optional().describe('Rules that always deny.'),
    ask: z.array(z.string()).optional().describe('Rules that always ask.'),
  })
  .passthrough();

/** The one check of a model server's address (settings files, WAVE_BASE_URL, the Model section's save): an http(s) URL. */
export function isHttpUrl(text: string): boolean {
  const t = text.trim();
  return /^https?:\/\/\S+$/i.test(t) && URL.canParse(t);
}

const httpUrl = z.string({ error: 'baseURL must be a string' }).refine(isHttpUrl, 'baseURL must be an http(s) URL such as http://127.0.0.1:8000/v1');

/** The model keys (the environment's WAVE_* variables win over them; models/config.ts). */
export const ModelKeysSchema = z.object({
  provider: z
    .string({ error: 'provider must be "openai" or "anthropic"' })
    .refine((v) => (MODEL_PROVIDERS as readonly string[]).includes(v.trim().toLowerCase()), 'provider must be "openai" or "anthropic"')
    .optional()
    .describe('The model API: "openai" (any OpenAI-compatible chat-completions server, the default) or "anthropic".'),
  model: z.string({ error: 'model must be a string' }).optional().describe('The model name, as the server knows it.'),
  baseURL: httpUrl.optional().describe('The server, e.g. http://127.0.0.1:8000/v1 (OpenAI-compatible) or https://api.anthropic.com.'),
  apiKey: z.string({ error: 'apiKey must be a string' }).optional().describe('The API key (else WAVE_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY).'),
  maxRetries: z
    .number()
    .int()
    .min(0, 'maxRetries must be an integer of at least 0')
    .optional()
    .describe('Retries of a failed model request (the client library’s default when unset).'),
  timeoutMs: z.number().int().min(1, 'timeoutMs must be an integer of at least 1').optional().describe('Time a model request may take, in milliseconds.'),
});
export type ModelKeys = z.infer<typeof ModelKeysSchema>;
export const MODEL_KEYS = Object.keys(ModelKeysSchema.shape) as Array<keyof ModelKeys>;

/** The model keys of a settings object. */
export function pickModelKeys(settings: ModelKeys): ModelKeys {
  return Object.fromEntries(MODEL_KEYS.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]]));
}

/** Every key of a settings file but `hooks`. */
export const SettingsKeysSchema = z
  .object({
    $schema: z.string().optional(),
    disableAllHooks: z.boolean().optional().describe('Turn every hook off.'),
    env: z
      .record(z.string().regex(NO_NUL, nul('the name')), z.string().regex(NO_NUL, nul('the value')))
      .optional()
      .describe('Environment variables for hooks and tools.'),
    permissions: PermissionsSchema.optional(),
    hookTurnBudgetSeconds: z.number().positive().optional().describe('Time all synchronous hooks of one user turn may take together (default 600).'),
    contextWindowTokens: z.number().int().positive().optional().describe('The model’s context window in tokens (default 200000).'),
    autoCompactThreshold: z
      .number()
      .gt(0)
      .lte(1)
      .optional()
      .describe('Share of the context window at which the conversation is compacted automatically (default 0.8).'),
    mcpServers: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'MCP servers by name (docs/mcp.md): { "command", "args", "env", "cwd" } for stdio, { "type": "http" | "sse", "url", "headers" } over HTTP. Each entry is checked alone; project servers need approval.',
      ),
    ...ModelKeysSchema.shape,
  })
  .passthrough();
export type SettingsKeys = z.infer<typeof SettingsKeysSchema>;

/** THE settings schema: these keys plus a schema for `hooks`. */
export function settingsSchemaWith<H extends z.ZodType>(hooks: H) {
  return SettingsKeysSchema.extend({ hooks: hooks.optional() }).describe(
    'Wave settings (~/.wave/settings.json, .wave/settings.json, .wave/settings.local.json).',
  );
}
