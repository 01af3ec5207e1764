// The `wave` executable as the plugin ships it (jetbrains-plugin/README.md, "Build"): the same as
// sidecar/bin/wave.js, bundled by esbuild from the TypeScript sources into files that need only
// Node.js. The bundle lives in <plugin>/sidecar/bin/ with the web UI in <plugin>/sidecar/ui/, so
// `wave serve` without `--ui` serves the UI next to the bundle (the sidecar's own default,
// ../../../webui/dist, only exists in a checkout).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { main } from '../../sidecar/src/cli/main.ts';

const args = process.argv.slice(2);
const ui = fileURLToPath(new URL('../ui', import.meta.url));
const hasUi = args.some((a) => a === '--ui' || a.startsWith('--ui='));
if (args[0] === 'serve' && !hasUi && existsSync(ui)) args.push('--ui', ui);

main(args).then(
  (code) => { process.exitCode = code; },
  (err) => {
    process.stderr.write(`wave: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
