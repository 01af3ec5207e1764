// Runs once before every vitest suite: builds what the real-process tests run — the sidecar
// (`sidecar/dist` and its bundle `sidecar/bundle`, which `node sidecar/bin/wave.js` runs) and the web UI (`webui/dist`, served by
// `wave serve`) — so no test file builds anything itself and workers never race a build.
// `npm test` builds both before vitest and sets WAVE_TEST_PREBUILT=1 to skip this.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../', import.meta.url));

function run(what: string, args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}${r.stderr}`);
}

export default function setup(): void {
  if (process.env.WAVE_TEST_PREBUILT) return;
  run('building the sidecar (tsc)', [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(REPO, 'sidecar', 'tsconfig.json')]);
  run('bundling the sidecar (esbuild)', [join(REPO, 'scripts', 'bundle.mjs')]);
  if (existsSync(join(REPO, 'webui', 'vite.config.ts'))) {
    run('building the web UI (vite)', [join(REPO, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', join(REPO, 'webui'), '--logLevel', 'warn']);
  }
}
