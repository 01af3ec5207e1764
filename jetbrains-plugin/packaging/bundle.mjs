// The sidecar as the plugin ships it (jetbrains-plugin/README.md, "What the zip holds"): esbuild
// bundles sidecar/src with its dependencies into bin/wave.js plus chunks (the model libraries stay
// separate chunks, loaded on the first model request as in the sidecar), next to the web UI built
// for production in ui/ (not webui/dist, which a test run may have built in test mode). Nothing but
// Node.js is needed to run it: no node_modules.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { pluginDir, repo, walk } from './kotlin.mjs';
import { NOTICES_FILE, noticesText, packagesOf, sourceMapInputs } from './notices.mjs';

// ESM output: CommonJS dependencies get `require`, `__filename` and `__dirname` of their chunk.
const BANNER = [
  "import { createRequire as __waveCreateRequire } from 'node:module';",
  "import { fileURLToPath as __waveFileURLToPath } from 'node:url';",
  "import { dirname as __waveDirname } from 'node:path';",
  'const require = __waveCreateRequire(import.meta.url);',
  'const __filename = __waveFileURLToPath(import.meta.url);',
  'const __dirname = __waveDirname(__filename);',
].join(' ');

/**
 * Builds the web UI with Vite, for production, into `outDir`; returns the source files bundled into
 * it (from hidden source maps, which are removed afterwards).
 */
function buildUi(outDir) {
  const vite = join(repo, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', join(repo, 'webui'), '--outDir', outDir, '--emptyOutDir', '--mode', 'production', '--sourcemap', 'hidden', '--logLevel', 'warn'];
  const run = spawnSync(process.execPath, args, { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (run.status !== 0) throw new Error(`building the web UI failed (exit ${run.status ?? run.signal})`);
  const inputs = sourceMapInputs(outDir);
  for (const map of walk(outDir, ['.map'])) rmSync(map);
  return inputs;
}

/**
 * Writes `<dir>/package.json`, `<dir>/bin/wave.js`, `<dir>/bin/hook-spawner.js`, `<dir>/bin/chunks/*.js`,
 * `<dir>/ui/` and `<dir>/THIRD-PARTY-NOTICES.txt` (packaging/notices.mjs) for what went into them.
 */
export async function bundleSidecar(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = await build({
    absWorkingDir: repo,
    metafile: true,
    // The hook spawner is a program of its own (docs/architecture.md, "The hook spawner"):
    // bin/hook-spawner.js, which the runner looks for beside its own chunk.
    entryPoints: { wave: join(pluginDir, 'packaging', 'sidecar-entry.mjs'), 'hook-spawner': join(repo, 'sidecar', 'src', 'hooks', 'spawnerMain.ts') },
    outdir: join(dir, 'bin'),
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.17',
    // ESM builds first: some packages' CommonJS builds require() files esbuild cannot see.
    mainFields: ['module', 'main'],
    // Optional native speed-ups of `ws`, loaded in a try block when present.
    external: ['bufferutil', 'utf-8-validate'],
    banner: { js: BANNER },
    legalComments: 'eof',
    logLevel: 'warning',
  });
  // The shell parser's WebAssembly (settings/shellParse.ts looks for it in bin/wasm/).
  mkdirSync(join(dir, 'bin', 'wasm'), { recursive: true });
  const wasmInputs = ['tree-sitter.wasm', 'tree-sitter-bash.wasm'].map((name) => join(repo, 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm', name));
  for (const file of wasmInputs) copyFileSync(file, join(dir, 'bin', 'wasm', file.split('/').pop()));
  const version = JSON.parse(readFileSync(join(repo, 'sidecar', 'package.json'), 'utf8')).version;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'wave-sidecar', version, private: true, type: 'module' }, null, 2)}\n`);
  const uiInputs = buildUi(join(dir, 'ui'));
  const sidecarInputs = Object.keys(result.metafile.inputs).map((p) => resolve(repo, p));
  writeFileSync(join(dir, NOTICES_FILE), noticesText(packagesOf([...sidecarInputs, ...wasmInputs, ...uiInputs])));
}
