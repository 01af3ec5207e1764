#!/usr/bin/env node
// The whole test suite — what the README's test command (`npm ci && npm test`) runs, and CI too:
//   1. provision what the tests need from Debian when it is missing (Chromium, a Java runtime, jq, a CJK font);
//   2. in two lanes side by side (scripts/suite.mjs): type-check, build and bundle the sidecar
//      (scripts/bundle.mjs: the tests' `wave` runs the bundle), check the generated JSON Schema and
//      the structure rules (layers, sizes: scripts/check-structure.mjs), compile the JetBrains shell
//      against the IntelliJ Platform stubs (the plugin zip's test needs it) and run the plugin's
//      pure-Kotlin core tests; beside them lint (eslint.config.js); then, in whichever lane is free
//      first, type-check the tests, build the web UI and format (Prettier);
//   3. run every vitest suite (unit, real-process integration, end-to-end, browser, the plugin zip),
//      one test file per core at a time (vitest.config.ts).
// Every step runs even when an earlier one failed, and the run ends with one closing line
// `tests: N passed, N failed` (scripts/suite.mjs); the exit code is non-zero when anything failed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from './suite.mjs';

const hasCommand = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function provision() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!hasCommand('java')) missing.push('default-jre-headless');
  if (!hasCommand('jq')) missing.push('jq'); // hook scripts in the tests read JSON the way published hooks do
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
// What the checks remember between runs of one checkout (a fresh clone has none): the type-checks'
// build info and Prettier's cache, both keyed by each file's content, so a second run checks again
// only what changed (docs/reliability.md, "Where the suite's time goes"). ESLint keeps no cache: its
// typed rules read other files, which a per-file cache would not see change.
const CACHE = 'node_modules/.cache/wave';
const incremental = (name) => `--incremental --tsBuildInfoFile ${CACHE}/${name}.tsbuildinfo`;
const checks = {
  build: { title: 'type-check, build and bundle the sidecar', cmd: 'npx tsc -p sidecar/tsconfig.json && node scripts/bundle.mjs' },
  schema: { title: 'check the generated settings JSON Schema', cmd: 'node sidecar/dist/cli/schema.js --check' },
  tests: { title: 'type-check the tests and benchmarks', cmd: `npx tsc -p tsconfig.test.json ${incremental('tests')}` },
  structure: { title: 'structure: layers, file and function sizes, citations', cmd: 'node scripts/check-structure.mjs' },
  lint: { title: 'lint: lost promises, empty blocks, unsafe casts (eslint.config.js)', cmd: 'npx eslint sidecar/src webui/src' },
  format: {
    title: 'format: Prettier (.prettierrc.json)',
    cmd: `npx prettier --check --cache --cache-strategy content --cache-location ${CACHE}/prettier 'sidecar/src/**/*.ts' 'webui/src/**/*.{ts,tsx}' scripts eslint.config.js`,
  },
  webui: { title: 'type-check and build the web UI', cmd: `npx tsc -p webui/tsconfig.json --noEmit ${incremental('webui')} && npm run build -w webui` },
  // The JetBrains shell against the IntelliJ Platform stubs: a call the platform lacks fails here
  // (the compiled classes are cached for the packaging test in test/plugin).
  shell: { title: 'compile the JetBrains shell against the platform stubs', cmd: 'node jetbrains-plugin/package.mjs --compile-only' },
  kotlin: {
    title: 'JetBrains plugin core (Kotlin)',
    cmd: 'node jetbrains-plugin/test-core.mjs',
    capture: true,
    count: (stdout) => {
      const m = [...stdout.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
      return m ? { passed: Number(m[1]), failed: Number(m[2]) } : null;
    },
  },
};
const has = (path) => existsSync(path);
// The checks, and the Kotlin core's own tests, need no build of each other (the schema check only
// the sidecar's): two lanes keep both cores of a small machine busy (scripts/suite.mjs), the steps
// they share going to the lane free first (a fresh clone's lane 1 compiles Kotlin for a minute; a
// warm one's is done in a quarter of ESLint's time); then vitest.
const lanes = [
  [
    checks.build,
    checks.schema,
    checks.structure,
    ...(has('jetbrains-plugin/package.mjs') ? [checks.shell] : []),
    ...(has('jetbrains-plugin/test-core.mjs') ? [checks.kotlin] : []),
  ],
  [checks.lint],
];
const shared = [checks.tests, ...(has('webui/vite.config.ts') ? [checks.webui] : []), checks.format];
const steps = [
  { lanes, shared },
  {
    title: 'vitest: unit, integration, end-to-end and browser tests',
    cmd: `npx vitest run --reporter=default --reporter=json --outputFile.json=${report}`,
    env: { WAVE_TEST_PREBUILT: '1' },
    count: () => {
      const vitest = JSON.parse(readFileSync(report, 'utf8'));
      return { passed: vitest.numPassedTests, failed: vitest.numFailedTests };
    },
  },
];
process.exit(await runSuite(steps));
