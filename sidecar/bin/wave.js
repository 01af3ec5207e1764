#!/usr/bin/env node
// The `wave` executable. The TypeScript sources are compiled to dist/ by the install step (root `prepare`).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => {
    process.stderr.write(`wave: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
