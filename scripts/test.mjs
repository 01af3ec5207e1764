#!/usr/bin/env node
// The whole test suite — what the README's test command (`npm ci && npm test`) runs, and CI too:
//   1. provision what the tests need from Debian when it is missing (Chromium, a Java runtime, jq, a CJK font);
//   2. type-check, build and bundle the sidecar (scripts/bundle.mjs: the tests' `wave` runs the
//      bundle), check the generated JSON Schema, check the structure rules (layers, sizes:
//      scripts/check-structure.mjs), lint (eslint.config.js) and format (Prettier), build the web UI;
//   3. compile the JetBrains shell against the IntelliJ Platform stubs (the plugin zip's test needs it);
//   4. run every vitest suite (unit, real-process integration, end-to-end, browser, the plugin zip);
//   5. compile and run the JetBrains plugin's pure-Kotlin core tests.
// Every step runs even when an earlier one failed, and the run ends with one closing line
// `tests: N passed, N failed` (scripts/suite.mjs); the exit code is non-zero when anything failed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from './suite.mjs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function provision() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('java')) missing.push('default-jre-headless');
  if (!has('jq')) missing.push('jq'); // hook scripts in the tests read JSON the way published hooks do
  // A CJK font: the browser tests measure the Chinese UI at 400 px, and the screenshots show it.
  if (spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .'], { stdio: 'ignore' }).status !== 0) missing.push('fonts-wqy-microhei');
  if (!missing.length) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo ';
  process.stdout.write(`\n== installing test prerequisites from Debian: ${missing.join(', ')}\n`);
  execSync(`${sudo}apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${sudo}apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}

provision();
const report = join(mkdtempSync(join(tmpdir(), 'wave-test-')), 'vitest.json');
const steps = [
  { title: 'type-check, build and bundle the sidecar', cmd: 'npx tsc -p sidecar/tsconfig.json && node scripts/bundle.mjs' },
  { title: 'check the generated settings JSON Schema', cmd: 'node sidecar/dist/cli/schema.js --check' },
  { title: 'type-check the tests and benchmarks', cmd: 'npx tsc -p tsconfig.test.json' },
  { title: 'structure: layers, file and function sizes, citations', cmd: 'node scripts/check-structure.mjs' },
  { title: 'lint: lost promises, empty blocks, unsafe casts (eslint.config.js)', cmd: 'npx eslint sidecar/src webui/src' },
  { title: 'format: Prettier (.prettierrc.json)', cmd: "npx prettier --check 'sidecar/src/**/*.ts' 'webui/src/**/*.{ts,tsx}' scripts eslint.config.js" },
  ...(existsSync('webui/vite.config.ts')
    ? [{ title: 'type-check and build the web UI', cmd: 'npx tsc -p webui/tsconfig.json --noEmit && npm run build -w webui' }]
    : []),
  // The JetBrains shell against the IntelliJ Platform stubs: a call the platform lacks fails here
  // (the compiled classes are cached for the packaging test in test/plugin).
  ...(existsSync('jetbrains-plugin/package.mjs')
    ? [{ title: 'compile the JetBrains shell against the platform stubs', cmd: 'node jetbrains-plugin/package.mjs --compile-only' }]
    : []),
  {
    title: 'vitest: unit, integration, end-to-end and browser tests',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${report}`,
    env: { WAVE_TEST_PREBUILT: '1' },
    count: () => {
      const vitest = JSON.parse(readFileSync(report, 'utf8'));
      return { passed: vitest.numPassedTests, failed: vitest.numFailedTests };
    },
  },
  ...(existsSync('jetbrains-plugin/test-core.mjs')
    ? [
        {
          title: 'JetBrains plugin core (Kotlin)',
          cmd: 'node jetbrains-plugin/test-core.mjs',
          capture: true,
          count: (stdout) => {
            const m = [...stdout.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
            return m ? { passed: Number(m[1]), failed: Number(m[2]) } : null;
          },
        },
      ]
    : []),
];
process.exit(runSuite(steps));
