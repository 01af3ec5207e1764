// Serves a scripted model from the command line, for manual runs and benchmarks:
//   npx tsx test/model-server/cli.ts script.json [--port N] [--log requests.jsonl] [--loop]
//     [--api-key KEY] [--models a,b]
// script.json is an array of turns, or { "turns": [...], "loop"?, "models"?, "apiKey"? }.
// Prints one JSON line {"url","openaiBaseURL","anthropicBaseURL"} and serves until SIGINT/SIGTERM.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startModelServer, type ModelServerOptions, type ScriptedTurn } from './server.js';

const USAGE =
  'usage: tsx test/model-server/cli.ts script.json [--port N] [--log FILE] [--loop] [--api-key KEY] [--models a,b]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      log: { type: 'string' },
      loop: { type: 'boolean' },
      'api-key': { type: 'string' },
      models: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    process.stderr.write(`${USAGE}\n`);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const parsed = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as
    | ScriptedTurn[]
    | { turns: ScriptedTurn[]; loop?: boolean; models?: string[]; apiKey?: string };
  const file = Array.isArray(parsed) ? { turns: parsed } : parsed;
  if (!Array.isArray(file.turns)) throw new Error('script must be an array of turns or { "turns": [...] }');

  const options: ModelServerOptions = {};
  const loop = values.loop ?? (Array.isArray(parsed) ? undefined : parsed.loop);
  if (loop) options.loop = true;
  const models = values.models?.split(',').filter(Boolean) ?? (Array.isArray(parsed) ? undefined : parsed.models);
  if (models) options.models = models;
  const apiKey = values['api-key'] ?? (Array.isArray(parsed) ? undefined : parsed.apiKey);
  if (apiKey) options.apiKey = apiKey;
  if (values.log) options.logFile = values.log;
  if (values.port) options.port = Number(values.port);

  const server = await startModelServer(file.turns, options);
  process.stdout.write(
    `${JSON.stringify({ url: server.url, openaiBaseURL: server.openaiBaseURL, anthropicBaseURL: server.anthropicBaseURL })}\n`,
  );
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`model-server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
