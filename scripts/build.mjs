#!/usr/bin/env node
// Builds what `wave` runs (README, "The two commands"): the sidecar compiled to sidecar/dist and
// bundled into sidecar/bundle (scripts/bundle.mjs), and the web UI into webui/dist.
//
//   node scripts/build.mjs             build both (root `npm run build`)
//   node scripts/build.mjs --if-stale  build only what is older than its sources (root `prepare`):
//                                      `npm ci` builds once; `npm link` and the first
//                                      `npx --prefix <checkout> wave …`, which run `prepare` again,
//                                      then start at once instead of rebuilding for a minute
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './bundle.mjs';

/** Newest modification time of the files under `paths` (folders walked; node_modules and dist skipped). */
function newest(paths) {
  let t = 0;
  for (const p of paths) {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) continue;
    if (!st.isDirectory()) t = Math.max(t, st.mtimeMs);
    else for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') t = Math.max(t, newest([join(p, e)]));
  }
  return t;
}

/** Oldest modification time of `files`; 0 when one is missing. */
function oldest(files) {
  return Math.min(...files.map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0));
}

const at = (...parts) => join(repo, ...parts);
const parts = [
  {
    name: 'the sidecar (sidecar/dist, sidecar/bundle)',
    inputs: [
      at('sidecar', 'src'),
      at('sidecar', 'package.json'),
      at('sidecar', 'tsconfig.json'),
      at('scripts', 'bundle.mjs'),
      at('scripts', 'bundle-entry.mjs'),
    ],
    outputs: [at('sidecar', 'dist', 'cli', 'main.js'), at('sidecar', 'bundle', 'bin', 'wave.js')],
    cmd: ['npm', 'run', 'build', '-w', 'sidecar'],
  },
  {
    name: 'the web UI (webui/dist)',
    inputs: [at('webui', 'src'), at('webui', 'index.html'), at('webui', 'vite.config.ts'), at('webui', 'package.json')],
    outputs: [at('webui', 'dist', 'index.html')],
    cmd: ['npm', 'run', 'build', '-w', 'webui'],
  },
];

const ifStale = process.argv.includes('--if-stale');
for (const part of parts) {
  if (!existsSync(part.inputs[0])) continue;
  if (ifStale && oldest(part.outputs) >= newest(part.inputs)) {
    process.stdout.write(`${part.name}: up to date\n`);
    continue;
  }
  process.stdout.write(`building ${part.name}\n`);
  const r = spawnSync(part.cmd[0], part.cmd.slice(1), { cwd: repo, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
