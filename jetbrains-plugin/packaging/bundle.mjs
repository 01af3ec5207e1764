// The sidecar as the plugin ships it (jetbrains-plugin/README.md, "What the zip holds"): the
// sidecar's one bundling script (scripts/bundle.mjs, which also makes the checkout's sidecar/bundle/)
// puts sidecar/src with its dependencies into bin/wave.js plus chunks, next to the web UI built
// for production in ui/ (not webui/dist, which a test run may have built in test mode). Nothing but
// Node.js is needed to run it: no node_modules.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleCode } from '../../scripts/bundle.mjs';
import { repo, walk } from './kotlin.mjs';
import { NOTICES_FILE, noticesText, packagesOf, sourceMapInputs } from './notices.mjs';

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
 * Writes the bundled code (scripts/bundle.mjs: `<dir>/package.json`, `<dir>/bin/wave.js`,
 * `<dir>/bin/hook-spawner.js`, `<dir>/bin/chunks/*.js`, `<dir>/bin/wasm/`), the web UI in `<dir>/ui/`
 * and `<dir>/THIRD-PARTY-NOTICES.txt` (packaging/notices.mjs) for what went into them.
 */
export async function bundleSidecar(dir) {
  const codeInputs = await bundleCode(dir);
  const uiInputs = buildUi(join(dir, 'ui'));
  writeFileSync(join(dir, NOTICES_FILE), noticesText(packagesOf([...codeInputs, ...uiInputs])));
}
