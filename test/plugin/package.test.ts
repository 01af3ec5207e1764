// `npm run package:plugin` (jetbrains-plugin/README.md, "Build without Gradle"): the zip a user
// installs from disk. It is unpacked into a folder with no node_modules above it, and the bundled
// sidecar must start there with Node.js alone, print its ready line and serve the web UI; the jar
// must hold the compiled shell with plugin.xml, icons and the settings schema, and nothing of the
// Kotlin stdlib or the IntelliJ Platform stubs.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;

/** Reads every entry of a ZIP through its central directory, checking sizes and CRC-32s. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataAt, dataAt + packed);
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC mismatch`);
    entries.set(name, data);
    at += 46 + nameLength + extra;
  }
  return entries;
}

function extract(entries: Map<string, Buffer>, dir: string): void {
  for (const [name, data] of entries) {
    const target = join(dir, name);
    if (name.endsWith('/')) mkdirSync(target, { recursive: true });
    else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data);
    }
  }
}

/** Runs package.mjs into `outDir` and returns the zip's bytes. */
function packagePlugin(outDir: string): Buffer {
  const run = spawnSync(process.execPath, [join(repo, 'jetbrains-plugin', 'package.mjs'), '--out', outDir], { cwd: repo, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`package.mjs failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return readFileSync(join(outDir, `wave-jetbrains-${version}.zip`));
}

/** `node <script> serve` for a fresh project with a fresh HOME, and only PATH from this environment. */
function startSidecar(script: string, tmp: string): ChildProcessWithoutNullStreams {
  const work = join(tmp, 'project');
  const home = join(tmp, 'home');
  for (const d of [work, home]) mkdirSync(d, { recursive: true });
  return spawn(process.execPath, [script, 'serve', '--workdir', work, '--exit-with-stdin'], {
    cwd: dirname(script),
    env: { PATH: process.env.PATH ?? '', HOME: home, USERPROFILE: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited ${code} before its ready line:\n${stderr}`)));
  });
}

function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) found.push(join(d, 'node_modules'));
    if (d === parse(d).root) return found;
  }
}

describe('npm run package:plugin', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'wave-plugin-'));
  let entries: Map<string, Buffer>;
  let jar: Map<string, Buffer>;

  beforeAll(() => {
    entries = unzip(packagePlugin(join(tmp, 'dist')));
    jar = unzip(entries.get('wave-jetbrains/lib/wave-jetbrains.jar') ?? Buffer.alloc(0));
  });

  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('holds one plugin folder: the jar and the bundled sidecar with its UI, no node_modules', () => {
    const names = [...entries.keys()];
    expect(names.every((n) => n.startsWith('wave-jetbrains/'))).toBe(true);
    expect(names).toContain('wave-jetbrains/sidecar/bin/wave.js');
    expect(names).toContain('wave-jetbrains/sidecar/bin/hook-spawner.js');
    expect(names).toContain('wave-jetbrains/sidecar/ui/index.html');
    expect(names).toContain('wave-jetbrains/sidecar/THIRD-PARTY-NOTICES.txt');
    expect(names.filter((n) => n.includes('node_modules'))).toEqual([]);
    expect(names.filter((n) => n.endsWith('.map'))).toEqual([]); // the UI's source maps only feed the notices
  });

  it('the notices name every package bundled, with its version and licence text', () => {
    const notices = entries.get('wave-jetbrains/sidecar/THIRD-PARTY-NOTICES.txt')?.toString('utf8') ?? '';
    const listed = new Set([...notices.matchAll(/^==== (\S+) (\S+) \(([^)]+)\) ====$/gm)].map((m) => `${m[1]} ${m[2]}`));
    // The sidecar: esbuild marks each bundled module with its path (// node_modules/<package>/…).
    const bundled = new Set<string>();
    for (const [name, data] of entries) {
      if (!/^wave-jetbrains\/sidecar\/bin\/.*\.js$/.test(name)) continue;
      for (const m of data.toString('utf8').matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) bundled.add(m[1]!);
    }
    expect([...bundled]).toEqual(
      expect.arrayContaining(['openai', '@anthropic-ai/sdk', 'ws', 'zod', 'execa', 'croner', 'picomatch', 'jsonc-parser']),
    );
    // The web UI (minified, no markers): its dependencies and theirs.
    const ui = new Set<string>();
    const visit = (pkg: string) => {
      if (ui.has(pkg)) return;
      ui.add(pkg);
      const deps = (JSON.parse(readFileSync(join(repo, 'node_modules', pkg, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
        .dependencies;
      for (const d of Object.keys(deps ?? {})) visit(d);
    };
    for (const d of Object.keys(
      (JSON.parse(readFileSync(join(repo, 'webui', 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies,
    ))
      visit(d);
    expect([...ui]).toEqual(expect.arrayContaining(['preact', '@preact/signals']));
    const versionOf = (pkg: string) => (JSON.parse(readFileSync(join(repo, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
    const missing = [...bundled, ...ui].filter((pkg) => !listed.has(`${pkg} ${versionOf(pkg)}`));
    expect(missing, 'bundled packages missing from THIRD-PARTY-NOTICES.txt').toEqual([]);
  });

  it('the jar holds the shell, plugin.xml with version and since-build, icons and the schema, nothing else', () => {
    const xml = jar.get('META-INF/plugin.xml')?.toString('utf8') ?? '';
    expect(xml).toContain(`<version>${version}</version>`);
    expect(xml).toContain('<idea-version since-build="243"/>');
    expect(xml).toContain('config-file="wave-json.xml">com.intellij.modules.json</depends>');
    expect(jar.has('META-INF/wave-json.xml')).toBe(true);
    expect(jar.has('icons/wave.svg')).toBe(true);
    for (const f of [
      'META-INF/wave-jcef.xml',
      'META-INF/pluginIcon.svg',
      'META-INF/pluginIcon_dark.svg',
      'WaveIconMappings.json',
      'icons/expui/toolwindow/wave@20x20.svg',
    ])
      expect(jar.has(f), f).toBe(true);
    expect(xml).toContain('<id>dev.wavehooks.wave</id>');
    expect(xml).toContain('config-file="wave-jcef.xml">com.intellij.modules.jcef</depends>');
    expect(JSON.parse(jar.get('schemas/settings.schema.json')?.toString('utf8') ?? '{}')).toEqual(
      JSON.parse(readFileSync(join(repo, 'schemas', 'settings.schema.json'), 'utf8')),
    );
    const classes = [...jar.keys()].filter((n) => n.endsWith('.class'));
    expect(classes).toContain('com/wave/jetbrains/platform/WaveProjectService.class');
    expect(classes).toContain('com/wave/jetbrains/core/HostDispatcher.class');
    expect(classes).toContain('com/wave/jetbrains/platform/JcefWebView.class');
    expect(classes.filter((n) => !n.startsWith('com/wave/jetbrains/'))).toEqual([]);
  });

  it('starts the bundled sidecar with Node alone: ready line, then the UI over HTTP', async () => {
    const root = join(tmp, 'unpacked');
    extract(entries, root);
    expect(nodeModulesAbove(root)).toEqual([]);
    const child = startSidecar(join(root, 'wave-jetbrains', 'sidecar', 'bin', 'wave.js'), tmp);
    try {
      const { ready } = JSON.parse(await firstLine(child)) as { ready: { url: string; port: number; token: string } };
      expect(ready.url).toBe(`http://127.0.0.1:${ready.port}/?token=${ready.token}`);
      const page = await fetch(ready.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/^<!doctype html>/i);
      expect((await fetch(`http://127.0.0.1:${ready.port}/`)).status).toBe(403); // no token
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    }
  });

  it('the bundled hook spawner runs a hook with Node alone', async () => {
    const root = join(tmp, 'unpacked-spawner');
    extract(entries, root);
    const bin = join(root, 'wave-jetbrains', 'sidecar', 'bin');
    const child = spawn(process.execPath, [join(bin, 'hook-spawner.js')], { cwd: bin, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout });
    const messages: Array<{ t: string; result?: { exitCode: number; stdout: string } }> = [];
    const done = new Promise<void>((resolve) =>
      lines.on('line', (l) => {
        messages.push(JSON.parse(l) as (typeof messages)[number]);
        if (messages.at(-1)?.t === 'done') resolve();
      }),
    );
    const spec = { file: 'sh', args: ['-c', 'cat'], cwd: root, env: { PATH: process.env.PATH }, input: '{"ok":1}', timeoutMs: 10_000 };
    child.stdin.write(`${JSON.stringify({ t: 'run', id: 1, spec })}\n`);
    await done;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end(); // its stdin ends: it exits
    await exited;
    expect(messages.map((m) => m.t)).toEqual(['ready', 'started', 'done']);
    expect(messages[2]?.result).toMatchObject({ exitCode: 0, stdout: '{"ok":1}' });
  });
});
