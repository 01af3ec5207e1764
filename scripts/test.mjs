#!/usr/bin/env node
// The whole test suite — what the README's test command (`npm ci && npm test`) runs, and CI too:
//   1. provision what the tests need from Debian when it is missing (Chromium, a Java runtime);
//   2. type-check and build the sidecar, check the generated JSON Schema, build the web UI;
//   3. compile the JetBrains shell against the IntelliJ Platform stubs (the plugin zip's test needs it);
//   4. run every vitest suite (unit, real-process integration, end-to-end, browser, the plugin zip);
//   5. compile and run the JetBrains plugin's pure-Kotlin core tests.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const totals = { passed: 0, failed: 0 };

const step = (title, cmd, env = {}, capture = false) => {
  process.stdout.write(`\n== ${title}\n$ ${cmd}\n`);
  const r = spawnSync(cmd, { stdio: capture ? ['inherit', 'pipe', 'inherit'] : 'inherit', shell: true, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (capture) process.stdout.write(r.stdout ?? '');
  if (r.status !== 0) {
    process.stderr.write(`\n${title} failed (exit ${r.status ?? r.signal}).\n`);
    process.exit(r.status || 1);
  }
  return r.stdout ?? '';
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
if (existsSync('jetbrains-plugin/package.mjs')) {
  // The JetBrains shell against the IntelliJ Platform stubs: a call the platform lacks fails here
  // (the compiled classes are cached for the packaging test in test/plugin).
  step('compile the JetBrains shell against the platform stubs', 'node jetbrains-plugin/package.mjs --compile-only');
}
const report = join(mkdtempSync(join(tmpdir(), 'wave-test-')), 'vitest.json');
step('vitest: unit, integration, end-to-end and browser tests', `npx vitest run --reporter=default --reporter=json --outputFile.json=${report}`, { WAVE_TEST_PREBUILT: '1' });
const vitest = JSON.parse(readFileSync(report, 'utf8'));
totals.passed += vitest.numPassedTests;
totals.failed += vitest.numFailedTests;
if (existsSync('jetbrains-plugin/test-core.mjs')) {
  const out = step('JetBrains plugin core (Kotlin)', 'node jetbrains-plugin/test-core.mjs', {}, true);
  const m = [...out.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
  if (!m) {
    process.stderr.write('the Kotlin tests printed no result line\n');
    process.exit(1);
  }
  totals.passed += Number(m[1]);
  totals.failed += Number(m[2]);
}
// One closing line for the whole suite (vitest and Kotlin together).
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed\n`);
if (totals.failed) process.exit(1);
