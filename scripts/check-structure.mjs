#!/usr/bin/env node
// The structure rules of the code (docs/architecture.md, "Layers"), checked in `npm test`:
//   1. layers point one way: each folder of sidecar/src (and of webui/src) imports only the
//      folders listed for it below — type-only imports included;
//   2. browser technology stays in webui/src/host (the only code that knows the WebSocket);
//   3. small pieces: no source file over 400 lines, no function over 60 lines;
//   4. the code and the docs cite the product's own docs, never the spec or the seeds;
//   5. sub-layers inside a folder: the hook engine's sub-folders (sidecar/src/hooks/handlers, contract, config,
//      run, history, fire, import) import only the sub-folders listed for them below (HOOKS_SUBLAYERS);
//   6. no import cycle between files (type-only imports included): a circle is reported with its files
//      (docs/architecture.md, "Layers").
// Prints every violation with its file and line; exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

/** Who may import whom, by folder. A folder may always import itself. */
export const SIDECAR_LAYERS = {
  protocol: [],
  process: [],
  settings: ['protocol'],
  hooks: ['settings', 'process', 'protocol'],
  models: ['settings', 'protocol'],
  mcp: ['settings', 'process', 'protocol'],
  agent: ['hooks', 'models', 'settings', 'process', 'protocol'],
  work: ['agent', 'hooks', 'models', 'settings', 'process', 'protocol'],
  app: ['agent', 'work', 'mcp', 'hooks', 'models', 'settings', 'process', 'protocol'],
  server: ['app', 'agent', 'mcp', 'hooks', 'models', 'settings', 'process', 'protocol'],
  cli: ['app', 'server', 'agent', 'work', 'mcp', 'hooks', 'models', 'settings', 'process', 'protocol'],
  '.': ['app', 'agent', 'hooks', 'models', 'protocol'],
};
/**
 * The hook engine's own layers (docs/architecture.md, "The hook engine"): who may import whom among the
 * sub-folders of sidecar/src/hooks. `index.ts` (the engine's entry, '.') may import them all.
 */
export const HOOKS_SUBLAYERS = {
  handlers: [],
  contract: ['handlers'],
  config: ['contract', 'handlers'],
  import: ['contract', 'config', 'handlers'],
  run: ['contract', 'config', 'handlers'],
  history: ['contract'],
  fire: ['contract', 'config', 'run', 'history', 'handlers'],
  '.': ['handlers', 'contract', 'config', 'import', 'run', 'history', 'fire'],
};
/** Folders whose inside is layered too: folder (under sidecar/src) → its sub-layers. */
const SIDECAR_SUBLAYERS = { hooks: HOOKS_SUBLAYERS };
export const WEBUI_LAYERS = {
  host: ['@protocol'],
  i18n: [],
  state: ['host', 'i18n'],
  views: ['state', 'i18n', 'host'],
  styles: [],
  '.': ['host', 'i18n', 'state', 'views', 'styles'],
};

function walk(dir, exts) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : walk(p, exts);
    return exts.some((e) => p.endsWith(e)) ? [p] : [];
  });
}

const problems = [];
const report = (file, line, message) => problems.push(`${relative(REPO, file)}:${line}: ${message}`);

/** The layer of a file: its first folder under `root` ('.' for files directly in it). */
function layerOf(root, file) {
  const rel = relative(root, file).split(sep);
  return rel.length > 1 ? rel[0] : '.';
}

function importsOf(source) {
  const out = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, pos: node.getStart(source) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push({ spec: node.arguments[0].text, pos: node.getStart(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function lineOf(source, pos) {
  return source.getLineAndCharacterOfPosition(pos).line + 1;
}

/** `inner`: the layers of one folder's inside, where imports that leave the folder are the outer rule's business. */
function checkLayers(root, layers, file, source, alias, inner = false) {
  const from = layerOf(root, file);
  const allowed = layers[from];
  const where = inner ? `${relative(REPO, root)}/` : '';
  if (!allowed) return report(file, 1, `the folder "${where}${from}" has no layer rule (add it to scripts/check-structure.mjs and docs/architecture.md)`);
  for (const { spec, pos } of importsOf(source)) {
    let to;
    if (spec.startsWith('.')) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(root + sep)) {
        if (inner) continue;
        return report(file, lineOf(source, pos), `imports ${spec}, outside its package`);
      }
      to = layerOf(root, target);
    } else if (alias && spec.startsWith(alias.prefix)) to = alias.layer;
    else continue; // a package
    if (to !== from && !allowed.includes(to)) {
      report(file, lineOf(source, pos), `${where}${from}/ may not import ${where}${to}/ (${spec}); allowed: ${allowed.join(', ') || 'nothing of the product'}`);
    }
  }
}

function checkSizes(file, text, source) {
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) report(file, 1, `${lines} lines: a source file has at most ${MAX_FILE_LINES}`);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = lineOf(source, node.getStart(source));
      const end = lineOf(source, node.getEnd());
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        report(file, start, `function ${name} has ${end - start + 1} lines: at most ${MAX_FUNCTION_LINES}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const CITATION = /\bSPEC(?:\.md| \d)|\bseeds?\/|\bseed \d{3}\b|\[seed /;

function checkCitations(file, text) {
  text.split('\n').forEach((l, i) => {
    if (CITATION.test(l))
      report(file, i + 1, 'cites the spec or a seed document (not part of this repository): cite docs/hooks.md, docs/architecture.md or the README instead');
  });
}

/** The product's files a file imports (relative imports only, `.js` specifiers read as their `.ts`/`.tsx` source). */
function localImports(file, source) {
  return importsOf(source)
    .filter(({ spec }) => spec.startsWith('.'))
    .map(({ spec }) => resolve(dirname(file), spec).replace(/\.js$/, ''))
    .map((base) => ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((p) => existsSync(p)))
    .filter((p) => p !== undefined);
}

/** Every circle of imports between files (Tarjan's strongly connected components of more than one file, or a file importing itself). */
function checkCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const circle = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      circle.push(w);
    } while (w !== v);
    if (circle.length > 1 || (graph.get(v) ?? []).includes(v))
      report(
        circle.sort()[0],
        1,
        `import cycle between files: ${circle.map((f) => relative(REPO, f)).join(' → ')} (move what they share into a module of its own)`,
      );
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
}

function checkPackage(root, layers, exts, alias, sublayers = {}) {
  const graph = new Map();
  for (const file of walk(root, exts)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    checkLayers(root, layers, file, source, alias);
    const folder = layerOf(root, file);
    if (sublayers[folder]) {
      checkLayers(join(root, folder), sublayers[folder], file, source, undefined, true);
      if (dirname(file) === join(root, folder) && !file.endsWith(`${sep}index.ts`))
        report(file, 1, `only index.ts sits directly in ${folder}/: put this file in the sub-folder of its job (docs/architecture.md)`);
    }
    graph.set(file, localImports(file, source));
    checkSizes(file, text, source);
    checkCitations(file, text);
    const layer = layerOf(root, file);
    if (alias && layer !== 'host' && /\bnew WebSocket\b/.test(text))
      report(file, 1, 'uses the WebSocket outside webui/src/host (the only code that knows the transport)');
  }
  checkCycles(graph);
}

checkPackage(join(REPO, 'sidecar', 'src'), SIDECAR_LAYERS, ['.ts'], undefined, SIDECAR_SUBLAYERS);
checkPackage(join(REPO, 'webui', 'src'), WEBUI_LAYERS, ['.ts', '.tsx'], { prefix: '@wave/sidecar/protocol', layer: '@protocol' });
for (const file of walk(join(REPO, 'docs'), ['.md'])) checkCitations(file, readFileSync(file, 'utf8'));
for (const file of ['README.md', 'sidecar/README.md', 'webui/README.md', 'jetbrains-plugin/README.md'])
  checkCitations(join(REPO, file), readFileSync(join(REPO, file), 'utf8'));

if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n\n${problems.length} structure problem${problems.length === 1 ? '' : 's'} (scripts/check-structure.mjs)\n`);
  process.exit(1);
}
process.stdout.write('structure: layers, sizes, citations and import cycles ok\n');
