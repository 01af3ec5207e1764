#!/usr/bin/env node
// The `wave` executable. The install step (root `prepare` / `build`) compiles the TypeScript
// sources to dist/ and bundles them into bundle/ (scripts/bundle.mjs): the bundle starts several
// times faster (a few files instead of hundreds of modules; docs/benchmarks.md, "Start-up"). It
// runs when it is there and not older than dist/ (a later `tsc` alone would leave it stale), else
// the compiled dist runs.
import { statSync } from 'node:fs';

const mtime = (rel) => statSync(new URL(rel, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
const bundled = mtime('../bundle/bin/wave.js');
const compiled = mtime('../dist/cli/main.js');

if (bundled !== undefined && (compiled === undefined || bundled >= compiled)) {
  await import('../bundle/bin/wave.js');
} else {
  const { main } = await import('../dist/cli/main.js');
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (err) => {
      process.stderr.write(`wave: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
