// Compiles the whole shell (core + platform) with the npm `kotlin-compiler` against the
// signature-only stubs in jetbrains-plugin/stubs/ (jetbrains-plugin/stubs/README.md). A call the
// stubs do not declare does not compile, so `npm test` catches it without the IntelliJ Platform.
// The result is cached in jetbrains-plugin/build/platform/ until a source or stub changes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const pluginDir = dirname(dirname(fileURLToPath(import.meta.url)));
export const repo = dirname(pluginDir);
const windows = process.platform === 'win32';
const kotlinHome = join(repo, 'node_modules', 'kotlin-compiler');
const kotlinc = join(kotlinHome, 'bin', windows ? 'kotlinc.bat' : 'kotlinc');
// org.jetbrains.annotations (@NotNull, @Nullable) for the Java stubs, shipped with the compiler.
const annotations = join(kotlinHome, 'lib', 'annotations-13.0.jar');

/** Every file under `dir` whose name ends with one of `exts`, sorted. */
export function walk(dir, exts) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? walk(p, exts) : exts.some((e) => p.endsWith(e)) ? [p] : [];
    })
    .sort();
}

/** The classes of the shell's own package (com/wave/jetbrains), as jar entry name → bytes. */
export function shellClasses(classesDir) {
  const root = join(classesDir, 'com', 'wave', 'jetbrains');
  return walk(root, ['.class']).map((file) => [relative(classesDir, file).split(sep).join('/'), readFileSync(file)]);
}

/**
 * Compiles src/main/kotlin and the stubs; returns the classes directory. `-Xjvm-default=all`
 * matches how the IntelliJ Platform compiles its Kotlin interfaces (jetbrains-plugin/stubs/README.md).
 */
export function compileShell({ log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const sources = walk(join(pluginDir, 'src', 'main', 'kotlin'), ['.kt']);
  const stubs = walk(join(pluginDir, 'stubs'), ['.kt', '.java']);
  if (sources.length === 0 || stubs.length === 0) throw new Error('no Kotlin sources or no stubs found');
  if (!existsSync(kotlinc)) throw new Error(`no Kotlin compiler at ${relative(repo, kotlinc)} (npm ci installs it)`);

  const out = join(pluginDir, 'build', 'platform');
  const classes = join(out, 'classes');
  const hash = createHash('sha256').update(readFileSync(join(kotlinHome, 'package.json')));
  for (const f of [...sources, ...stubs]) hash.update(relative(repo, f)).update('\0').update(readFileSync(f)).update('\0');
  const digest = hash.digest('hex');
  const stamp = join(out, 'sources.sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(classes)) return classes;

  rmSync(stamp, { force: true }); // a failed compile leaves no stamp behind
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  log(`Compiling the shell (${sources.length} files) against ${stubs.length} IntelliJ Platform stubs…`);
  const args = ['-cp', annotations, '-jvm-target', '17', '-Xjvm-default=all', '-module-name', 'wave-jetbrains', '-nowarn', '-d', classes, ...sources, ...stubs];
  const run = spawnSync(kotlinc, args, { stdio: 'inherit', shell: windows });
  if (run.status !== 0) throw new Error(`kotlinc failed (exit ${run.status ?? run.signal ?? run.error?.message})`);
  writeFileSync(stamp, digest);
  return classes;
}
