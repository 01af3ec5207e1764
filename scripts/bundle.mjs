#!/usr/bin/env node
// The one bundling script of the sidecar (docs/architecture.md, "Start-up"): esbuild bundles
// sidecar/src with its dependencies into bin/wave.js, bin/hook-spawner.js and bin/chunks/*.js, with
// the shell parser's WebAssembly in bin/wasm/. What a command does not use stays in chunks it never
// loads (the model SDKs, the MCP SDK, the UI server: each is imported where it is first needed), and
// a few dozen files replace the ~370 modules Node would otherwise resolve and compile one by one.
//
//   node scripts/bundle.mjs          the checkout's bundle, sidecar/bundle/ (root `build` and `prepare`
//                                    run it; sidecar/bin/wave.js runs it when it is not older than
//                                    sidecar/dist, else sidecar/dist)
//   bundleCode(dir)                  the same into any folder: the JetBrains plugin's packaging adds
//                                    the web UI and the notices (jetbrains-plugin/packaging/bundle.mjs)
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The checkout's bundle, which sidecar/bin/wave.js prefers to sidecar/dist. */
export const CHECKOUT_BUNDLE = join(repo, 'sidecar', 'bundle');

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
 * Writes `<dir>/package.json`, `<dir>/bin/wave.js`, `<dir>/bin/hook-spawner.js`, `<dir>/bin/chunks/*.js`
 * and `<dir>/bin/wasm/`; returns the absolute paths of every file that went into them (for notices).
 * The folder is built beside `dir` and renamed into place, so a running `wave` never sees half of it.
 */
export async function bundleCode(dir) {
  const stage = `${dir}.building-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const result = await build({
    absWorkingDir: repo,
    metafile: true,
    // The hook spawner is a program of its own (docs/architecture.md, "The hook spawner"):
    // bin/hook-spawner.js, which the runner looks for beside its own chunk.
    entryPoints: { wave: join(repo, 'scripts', 'bundle-entry.mjs'), 'hook-spawner': join(repo, 'sidecar', 'src', 'hooks', 'run', 'spawnerMain.ts') },
    outdir: join(stage, 'bin'),
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
  mkdirSync(join(stage, 'bin', 'wasm'), { recursive: true });
  const wasmInputs = ['tree-sitter.wasm', 'tree-sitter-bash.wasm'].map((name) => join(repo, 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm', name));
  for (const file of wasmInputs) copyFileSync(file, join(stage, 'bin', 'wasm', file.split('/').pop()));
  const version = JSON.parse(readFileSync(join(repo, 'sidecar', 'package.json'), 'utf8')).version;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ name: 'wave-sidecar', version, private: true, type: 'module' }, null, 2)}\n`);
  if (process.env.WAVE_BUNDLE_META) writeFileSync(process.env.WAVE_BUNDLE_META, JSON.stringify(result.metafile));
  rmSync(dir, { recursive: true, force: true });
  renameSync(stage, dir);
  return [...Object.keys(result.metafile.inputs).map((p) => resolve(repo, p)), ...wasmInputs];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = performance.now();
  bundleCode(CHECKOUT_BUNDLE).then(
    () => process.stdout.write(`bundled the sidecar into sidecar/bundle/ (${Math.round(performance.now() - t0)} ms)\n`),
    (err) => {
      process.stderr.write(`bundle: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
