// Writes schemas/settings.schema.json from the zod schema (`npm run schema`); with --check, fails
// when the checked-in file is not up to date (run by the test command).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { settingsJsonSchema } from '../hooks/config/schema.js';

const target = fileURLToPath(new URL('../../../schemas/settings.schema.json', import.meta.url));
const text = `${JSON.stringify({ ...settingsJsonSchema(), title: 'Wave settings' }, null, 2)}\n`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: out of date
  }
  if (current !== text) {
    process.stderr.write(`${target} is out of date: run \`npm run schema\` and commit it.\n`);
    process.exit(1);
  }
  process.stdout.write('schemas/settings.schema.json is up to date\n');
} else {
  writeFileSync(target, text);
  process.stdout.write(`wrote ${target}\n`);
}
