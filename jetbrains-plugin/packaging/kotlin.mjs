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

/** The shell's only files that may name JCEF (JcefWebView.kt: jetbrains-plugin/README.md, "Supported IDEs"). */
export const JCEF_BRIDGE = ['JcefWebView.kt'];
const JCEF_TYPES = ['com/intellij/ui/jcef/', 'org/cef/'];
const isBridge = (file) => JCEF_BRIDGE.some((name) => file.endsWith(`${sep}${name}`));
/** A compiled class of the bridge: JcefWebView.class, JcefWebView$Companion.class, … */
export const isBridgeClass = (name) => JCEF_BRIDGE.some((f) => new RegExp(`/${f.replace('.kt', '')}(\\$[^/]*)?\\.class$`).test(name));

/**
 * The JVM options of a compile or a test run: a short-lived JVM spends most of its CPU in the
 * optimising JIT (C2), which never pays off here; the first tier alone and the serial collector halve
 * the CPU of `npm test`'s Kotlin steps (docs/reliability.md, "Where the suite's time goes"). A
 * JAVA_OPTS of the user's own wins.
 */
export const JVM_OPTS = '-Xmx512M -Xms128M -XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
export const jvmOpts = () => process.env.JAVA_OPTS ?? JVM_OPTS;
export const kotlincEnv = () => ({ ...process.env, JAVA_OPTS: jvmOpts() });

function kotlinc$(args, what) {
  const run = spawnSync(kotlinc, ['-jvm-target', '17', '-Xjvm-default=all', '-module-name', 'wave-jetbrains', '-nowarn', ...args], {
    stdio: 'inherit',
    shell: windows,
    env: kotlincEnv(),
  });
  if (run.status !== 0) throw new Error(`kotlinc failed on ${what} (exit ${run.status ?? run.signal ?? run.error?.message})`);
}

/** Shell classes other than the bridge's that name a JCEF type (class-file constant pools hold type names as text). */
export function jcefOutsideBridge(classesDir) {
  return shellClasses(classesDir)
    .filter(([name, bytes]) => !isBridgeClass(name) && JCEF_TYPES.some((t) => bytes.includes(Buffer.from(t))))
    .map(([name]) => name);
}

/**
 * Compiles src/main/kotlin against the stubs in both layouts the plugin meets, and returns the
 * classes of the first (those go into the jar). `-Xjvm-default=all` matches how the IntelliJ Platform
 * compiles its Kotlin interfaces (jetbrains-plugin/stubs/README.md).
 *   1. JCEF in the core (2024.3 to 2026.1): everything, with stubs/ and stubs-jcef/.
 *   2. JCEF in its own module (2026.2 and later, com.intellij.modules.jcef): everything but the
 *      bridge, with stubs/ only and the bridge's compiled classes on the class path. If any other
 *      file touched a JCEF type, this fails: the guard around the bridge is all that can break when
 *      the JCEF plugin is disabled or absent. The class files are checked for JCEF names as well.
 */
export function compileShell({ log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const sources = walk(join(pluginDir, 'src', 'main', 'kotlin'), ['.kt']);
  const stubs = walk(join(pluginDir, 'stubs'), ['.kt', '.java']);
  const jcefStubs = walk(join(pluginDir, 'stubs-jcef'), ['.kt', '.java']);
  if (sources.length === 0 || stubs.length === 0 || jcefStubs.length === 0) throw new Error('no Kotlin sources or no stubs found');
  if (!sources.some(isBridge)) throw new Error(`no JCEF bridge (${JCEF_BRIDGE.join(', ')}) among the sources`);
  if (!existsSync(kotlinc)) throw new Error(`no Kotlin compiler at ${relative(repo, kotlinc)} (npm ci installs it)`);

  const out = join(pluginDir, 'build', 'platform');
  const classes = join(out, 'classes');
  const hash = createHash('sha256').update(readFileSync(join(kotlinHome, 'package.json'))).update(readFileSync(fileURLToPath(import.meta.url)));
  for (const f of [...sources, ...stubs, ...jcefStubs]) hash.update(relative(repo, f)).update('\0').update(readFileSync(f)).update('\0');
  const digest = hash.digest('hex');
  const stamp = join(out, 'sources.sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest && existsSync(classes)) return classes;

  rmSync(stamp, { force: true }); // a failed compile leaves no stamp behind
  const bridge = join(out, 'jcef-bridge');
  const separate = join(out, 'jcef-module');
  for (const d of [classes, bridge, separate]) {
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d, { recursive: true });
  }
  log(`Compiling the shell (${sources.length} files) against ${stubs.length + jcefStubs.length} IntelliJ Platform stubs, JCEF in the core…`);
  kotlinc$(['-cp', annotations, '-d', classes, ...sources, ...stubs, ...jcefStubs], 'the shell with JCEF in the core');
  for (const [name, bytes] of shellClasses(classes).filter(([n]) => isBridgeClass(n))) {
    mkdirSync(dirname(join(bridge, name)), { recursive: true });
    writeFileSync(join(bridge, name), bytes);
  }
  log(`Compiling the shell without ${JCEF_BRIDGE.join(', ')} against ${stubs.length} stubs, JCEF in its own module…`);
  const cp = [annotations, bridge].join(windows ? ';' : ':');
  kotlinc$(['-cp', cp, `-Xfriend-paths=${bridge}`, '-d', separate, ...sources.filter((f) => !isBridge(f)), ...stubs], 'the shell without JCEF');
  const leaks = jcefOutsideBridge(classes);
  if (leaks.length) throw new Error(`JCEF types outside ${JCEF_BRIDGE.join(', ')}: ${leaks.join(', ')}`);
  writeFileSync(stamp, digest);
  return classes;
}
