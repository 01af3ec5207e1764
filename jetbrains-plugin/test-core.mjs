#!/usr/bin/env node
// Compiles the plugin's pure core (src/main/kotlin/**/core) with its tests (src/test/kotlin) using
// the npm `kotlin-compiler` package, then runs them on the JVM — no Gradle, no IntelliJ jars, no
// JUnit. Also checks that the core imports nothing from the IDE and that the Kotlin outside the
// core stays thin. Output and the compile cache live in jetbrains-plugin/build/ (git-ignored).
//
//   node jetbrains-plugin/test-core.mjs [test-name-filter]
//
// The last line is the runner's `N passed, N failed`; the exit code is non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jvmOpts, kotlincEnv } from './packaging/kotlin.mjs';

const pluginDir = dirname(fileURLToPath(import.meta.url));
const repo = dirname(pluginDir);
const windows = process.platform === 'win32';
const kotlinHome = join(repo, 'node_modules', 'kotlin-compiler');
const kotlinc = join(kotlinHome, 'bin', windows ? 'kotlinc.bat' : 'kotlinc');
const stdlib = join(kotlinHome, 'lib', 'kotlin-stdlib.jar');
const out = join(pluginDir, 'build', 'core-test');
const classes = join(out, 'classes');
// 600 until 2026.2 support added the JCEF bridge, the proxy reading, the settings file type and tab title.
const THIN_LIMIT = 750;

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.kt') ? [p] : [];
  });
}

function die(message) {
  process.stderr.write(`test-core: ${message}\n`);
  process.exit(1);
}

const mainKotlin = walk(join(pluginDir, 'src', 'main', 'kotlin'));
const isCore = (p) => p.split(sep).includes('core');
const core = mainKotlin.filter(isCore).sort();
const platform = mainKotlin.filter((p) => !isCore(p)).sort();
const tests = walk(join(pluginDir, 'src', 'test', 'kotlin')).sort();
if (core.length === 0 || tests.length === 0) die('no core sources or no tests found');

// The core is pure: nothing from the IDE, JCEF or coroutines (compiling it here without those jars
// proves it too, but this names the offending file).
const FORBIDDEN = /^\s*import\s+(com\.intellij|org\.cef|org\.jetbrains\.(?!annotations)|kotlinx\.coroutines)/m;
for (const file of core) {
  const match = readFileSync(file, 'utf8').match(FORBIDDEN);
  if (match) die(`${relative(repo, file)} is in the core but imports ${match[1]}`);
}

// The shell stays thin: under THIN_LIMIT lines of Kotlin outside the core.
const platformLines = platform.reduce((n, f) => n + readFileSync(f, 'utf8').split('\n').filter((l, i, a) => i < a.length - 1 || l !== '').length, 0);
process.stdout.write(`Kotlin outside the core: ${platformLines} lines in ${platform.length} files (limit ${THIN_LIMIT})\n`);
if (platformLines >= THIN_LIMIT) die(`the platform layer has ${platformLines} lines; keep it under ${THIN_LIMIT}`);

if (!existsSync(kotlinc)) die(`no Kotlin compiler at ${relative(repo, kotlinc)} (npm ci installs it)`);
if (!existsSync(stdlib)) die(`no Kotlin stdlib at ${relative(repo, stdlib)}`);

// Compile unless the sources are unchanged since the last successful compile.
const sources = [...core, ...tests];
const hash = createHash('sha256');
hash.update(readFileSync(join(kotlinHome, 'package.json')));
for (const f of sources) hash.update(relative(repo, f)).update('\0').update(readFileSync(f)).update('\0');
const digest = hash.digest('hex');
const stampFile = join(out, 'sources.sha256');
const upToDate = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest && existsSync(classes);
if (!upToDate) {
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  process.stdout.write(`Compiling ${core.length} core and ${tests.length} test files…\n`);
  const compile = spawnSync(kotlinc, ['-jvm-target', '17', '-nowarn', '-d', classes, ...sources], {
    stdio: 'inherit',
    shell: windows, // kotlinc.bat
    env: kotlincEnv(),
  });
  if (compile.status !== 0) die(`kotlinc failed (exit ${compile.status ?? compile.signal ?? compile.error?.message})`);
  writeFileSync(stampFile, digest);
}

const run = spawnSync(
  'java',
  [...jvmOpts().split(' ').filter(Boolean), '-cp', [classes, stdlib].join(windows ? ';' : ':'), 'com.wave.jetbrains.core.TestMainKt', '--fixtures', join(repo, 'test', 'fixtures', 'host-requests'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
if (run.error) die(`could not run java: ${run.error.message}`);
process.exit(run.status ?? 1);
