// The `wave` executable as scripts/bundle.mjs bundles it (bin/wave.js): the same as the compiled
// sidecar's, from the TypeScript sources, in files that need only Node.js. `wave serve` without
// `--ui` serves the UI found next to the bundle: <plugin>/sidecar/ui/ in the JetBrains plugin
// (jetbrains-plugin/README.md, "What the zip holds"), the checkout's webui/dist for sidecar/bundle/
// (the sidecar's own default is relative to a compiled module, which the bundle's chunks are not).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { main } from '../sidecar/src/cli/main.ts';

const args = process.argv.slice(2);
const hasUi = args.some((a) => a === '--ui' || a.startsWith('--ui='));
if (args[0] === 'serve' && !hasUi) {
  const ui = ['../ui', '../../../webui/dist'].map((rel) => fileURLToPath(new URL(rel, import.meta.url))).find((dir) => existsSync(dir));
  if (ui) args.push('--ui', ui);
}

main(args).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`wave: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
