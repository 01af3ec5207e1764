#!/usr/bin/env node
// `npm run package:plugin`: builds dist/wave-jetbrains-<version>.zip without Gradle or network
// (jetbrains-plugin/README.md, "Build without Gradle"):
//   wave-jetbrains/lib/wave-jetbrains.jar   the shell compiled against the stubs, plugin.xml, icons, schema
//   wave-jetbrains/sidecar/                 the bundled sidecar (bin/wave.js + chunks) and its UI (ui/)
//
//   node jetbrains-plugin/package.mjs [--out DIR]   the zip, in DIR (default: dist/)
//   node jetbrains-plugin/package.mjs --sidecar DIR only the bundled sidecar, into DIR (Gradle uses it)
//   node jetbrains-plugin/package.mjs --compile-only compile the shell against the stubs (npm test)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { bundleSidecar } from './packaging/bundle.mjs';
import { compileShell, pluginDir, repo, shellClasses, walk } from './packaging/kotlin.mjs';
import { ZipWriter } from './packaging/zip.mjs';

/** pluginVersion and pluginSinceBuild from gradle.properties: one source for both builds. */
function pluginProperties() {
  const text = readFileSync(join(repo, 'gradle.properties'), 'utf8');
  const get = (key) => {
    const m = text.match(new RegExp(`^\\s*${key}\\s*=\\s*(\\S+)\\s*$`, 'm'));
    if (!m) throw new Error(`gradle.properties has no ${key}`);
    return m[1];
  };
  return { version: get('pluginVersion'), sinceBuild: get('pluginSinceBuild') };
}

/** plugin.xml with the version and since-build the Gradle plugin's patchPluginXml would add. */
function patchPluginXml(xml, { version, sinceBuild }) {
  if (xml.includes('<version>') || xml.includes('<idea-version')) throw new Error('plugin.xml already has a version');
  const at = xml.indexOf('</name>');
  if (at < 0) throw new Error('plugin.xml has no <name>');
  const end = at + '</name>'.length;
  return `${xml.slice(0, end)}\n    <version>${version}</version>\n    <idea-version since-build="${sinceBuild}"/>${xml.slice(end)}`;
}

function pluginJar(props) {
  const jar = new ZipWriter().file('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\r\nCreated-By: jetbrains-plugin/package.mjs\r\n\r\n');
  const resources = join(pluginDir, 'src', 'main', 'resources');
  for (const file of walk(resources, [''])) {
    const name = relative(resources, file).split(sep).join('/');
    const bytes = readFileSync(file);
    jar.file(name, name === 'META-INF/plugin.xml' ? patchPluginXml(bytes.toString('utf8'), props) : bytes);
  }
  jar.file('schemas/settings.schema.json', readFileSync(join(repo, 'schemas', 'settings.schema.json')));
  for (const [name, bytes] of shellClasses(compileShell())) jar.file(name, bytes);
  return jar.toBuffer();
}

async function pluginZip(outDir) {
  const props = pluginProperties();
  const jar = pluginJar(props);
  const stage = join(pluginDir, 'build', 'package', 'sidecar');
  await bundleSidecar(stage);
  const zip = new ZipWriter().file('wave-jetbrains/lib/wave-jetbrains.jar', jar);
  for (const file of walk(stage, [''])) zip.file(`wave-jetbrains/sidecar/${relative(stage, file).split(sep).join('/')}`, readFileSync(file));
  mkdirSync(outDir, { recursive: true });
  const target = join(outDir, `wave-jetbrains-${props.version}.zip`);
  writeFileSync(target, zip.toBuffer());
  return target;
}

async function cli() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, sidecar: { type: 'string' }, 'compile-only': { type: 'boolean' } } });
  if (values['compile-only']) {
    compileShell();
    process.stdout.write('The shell compiles against the IntelliJ Platform stubs.\n');
  } else if (values.sidecar) {
    await bundleSidecar(resolve(values.sidecar));
    process.stdout.write(`Bundled the sidecar into ${values.sidecar}\n`);
  } else {
    const target = await pluginZip(resolve(values.out ?? join(repo, 'dist')));
    process.stdout.write(`${relative(process.cwd(), target) || target}\n`);
  }
}

cli().catch((err) => {
  process.stderr.write(`package:plugin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
