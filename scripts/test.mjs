#!/usr/bin/env node
// The whole test suite — what the README's test command (`npm ci && npm test`) runs, and CI too:
//   1. provision what the tests need from Debian when it is missing (Chromium, a Java runtime);
//   2. type-check and build the sidecar, check the generated JSON Schema, build the web UI;
//   3. run every vitest suite (unit, real-process integration, end-to-end, browser);
//   4. compile and run the JetBrains plugin's pure-Kotlin core tests.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const step = (title, cmd, env = {}) => {
  process.stdout.write(`\n== ${title}\n$ ${cmd}\n`);
  const r = spawnSync(cmd, { stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stderr.write(`\n${title} failed (exit ${r.status ?? r.signal}).\n`);
    process.exit(r.status || 1);
  }
};

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function provision() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('java')) missing.push('default-jre-headless');
  if (!missing.length) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo ';
  process.stdout.write(`\n== installing test prerequisites from Debian: ${missing.join(', ')}\n`);
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}

provision();
step('type-check and build the sidecar', 'npx tsc -p sidecar/tsconfig.json');
step('check the generated settings JSON Schema', 'node sidecar/dist/cli/schema.js --check');
step('type-check the tests and benchmarks', 'npx tsc -p tsconfig.test.json');
if (existsSync('webui/vite.config.ts')) {
  step('type-check and build the web UI', 'npx tsc -p webui/tsconfig.json --noEmit && npm run build -w webui');
}
step('vitest: unit, integration, end-to-end and browser tests', 'npx vitest run', { WAVE_TEST_PREBUILT: '1' });
if (existsSync('jetbrains-plugin/test-core.mjs')) {
  step('JetBrains plugin core (Kotlin)', 'node jetbrains-plugin/test-core.mjs');
}
