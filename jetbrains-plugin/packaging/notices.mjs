// The third-party notices shipped in the plugin (jetbrains-plugin/README.md, "What the zip holds"):
// made at bundle time from the files esbuild and Vite really put into the bundles (esbuild's
// metafile, the UI's source maps), one entry per npm package with its name, version, licence and
// licence text. A package that ships no licence file gets the standard MIT or ISC text with its
// author (from its package.json, and says so); any other package without a licence text stops the
// build: it cannot be shipped unnoticed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';
const LICENCE = /^(licen[cs]e|copying|unlicense)([.-].*)?$/i;
const NOTICE = /^notice([.-].*)?$/i;

/** The package folder (…/node_modules/name or …/node_modules/@scope/name) holding `file`, or null. */
export function packageRoot(file) {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const end = parts[at + 1].startsWith('@') ? at + 3 : at + 2;
  return parts.slice(0, end).join(sep);
}

const STANDARD = {
  MIT: (who) => `MIT License\n\nCopyright (c) ${who}\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:\n\nThe above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.\n\nTHE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`,
  ISC: (who) => `ISC License\n\nCopyright (c) ${who}\n\nPermission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted, provided that the above copyright notice and this permission notice appear in all copies.\n\nTHE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.`,
};

/** The standard text of `license` with the package's author, for a package that ships no licence file. */
function standardText(pkg, license) {
  const who = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
  if (!STANDARD[license] || !who) return '';
  return `(${pkg.name} ships no licence file; its package.json says ${license}, author ${who}. The standard text:)\n\n${STANDARD[license](who)}`;
}

function textOf(root, pattern) {
  const names = readdirSync(root).filter((n) => pattern.test(n) && statSync(join(root, n)).isFile()).sort();
  return names.map((n) => readFileSync(join(root, n), 'utf8').trim()).join('\n\n');
}

/** One entry per package among `files` (absolute paths), sorted by name: { name, version, license, text, notice }. */
export function packagesOf(files) {
  const roots = [...new Set(files.map(packageRoot).filter(Boolean))];
  const entries = roots.map((root) => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const license = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'UNKNOWN');
    const text = textOf(root, LICENCE) || standardText(pkg, license);
    if (!text) throw new Error(`${pkg.name} ${pkg.version} is bundled but has no licence text in ${root}`);
    return { name: pkg.name, version: pkg.version, license, text, notice: textOf(root, NOTICE) };
  });
  const seen = new Map();
  for (const e of entries) seen.set(`${e.name}@${e.version}`, e);
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The notices file: a header, the list, then each package's licence text (and NOTICE, when it has one). */
export function noticesText(packages) {
  const head = [
    'Wave for JetBrains ships the following third-party packages, bundled into sidecar/bin/ (the',
    'agent) and sidecar/ui/ (the web UI). Each is listed with its version, its licence and the',
    'licence text it is distributed under.',
    '',
    ...packages.map((p) => `  ${p.name} ${p.version} (${p.license})`),
  ];
  const body = packages.map((p) => [`==== ${p.name} ${p.version} (${p.license}) ====`, '', p.text, ...(p.notice ? ['', p.notice] : [])].join('\n'));
  return `${[head.join('\n'), ...body].join('\n\n')}\n`;
}

/** The absolute source paths in the source maps under `dir` (Vite's hidden maps), for packagesOf. */
export function sourceMapInputs(dir) {
  const maps = [];
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.map')) maps.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return maps.flatMap((map) => {
    const { sources = [], sourceRoot = '' } = JSON.parse(readFileSync(map, 'utf8'));
    return sources.map((s) => join(dirname(map), sourceRoot, s.replace(/^[a-z]+:\/\/\//i, '')));
  });
}
