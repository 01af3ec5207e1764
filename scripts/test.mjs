#!/usr/bin/env node
// The whole test suite (the README's test command runs `npm ci && npm test`): type-check and build
// the sidecar, check the generated JSON Schema, then run every vitest suite.
import { execSync } from 'node:child_process';

const run = (cmd) => {
  process.stdout.write(`\n$ ${cmd}\n`);
  execSync(cmd, { stdio: 'inherit' });
};

try {
  run('npm run build -w sidecar');
  run('node sidecar/dist/cli/schema.js --check');
  run('npx vitest run');
} catch (err) {
  process.exitCode = typeof err.status === 'number' && err.status !== 0 ? err.status : 1;
}
