// The settings fuzzer (issue 11; docs/reliability.md): thousands of structure-aware mutations of
// settings files (test/fuzz/mutate.ts), each written as the project settings file of a real
// workdir and loaded by the real loader, then validated as `wave hooks validate` does (schema,
// the fail-open checks) and every loaded matcher tried against tool names. What must hold for every file: nothing
// throws, every problem names the file and a JSON path or a line, every loaded hook has its line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileMatcher } from '../../sidecar/src/hooks/contract/matcher.js';
import { loadSources } from '../../sidecar/src/hooks/config/compose.js';
import { prng } from '../server/gen.js';
import { mutant } from './mutate.js';

const SEED = Number(process.env.WAVE_TEST_SEED ?? 20261101);
const FILES = Number(process.env.WAVE_FUZZ_FILES ?? 2000);
const ROOT = mkdtempSync(join(tmpdir(), 'wave-fuzz-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const TOOLS = ['Bash', 'Edit', 'Write', 'mcp__github__create_issue', 'ツール', ''];

interface Finding {
  file: number;
  kinds: string[];
  what: string;
}

/** Loads one file as `wave hooks validate` would; returns what broke the rules (empty when nothing). */
function check(path: string, workdir: string, home: string): string[] {
  const broken: string[] = [];
  const s = loadSources({ workdir, homeDir: home, trustProject: true });
  const problems = s.problems; // the fail-open checks (guards.ts) are part of loading
  for (const p of problems) {
    if (p.file !== path) broken.push(`a problem names ${p.file}, not the file: ${p.message.slice(0, 120)}`);
    if (!p.path && p.line === undefined) broken.push(`a problem with neither a JSON path nor a line: ${p.message.slice(0, 120)}`);
    if (!p.message) broken.push('a problem without a message');
  }
  for (const h of s.hooks) {
    if (h.line === undefined) broken.push(`hook ${h.jsonPath} has no line`);
    const m = compileMatcher(h.matcher);
    for (const t of TOOLS) m.test(t);
  }
  return broken;
}

describe('the settings fuzzer', () => {
  it(`${FILES} mutated settings files (seed ${SEED}): no crash, every problem names the file and a JSON path or line`, () => {
    const rng = prng(SEED);
    const home = join(ROOT, 'home');
    const workdir = join(ROOT, 'ws');
    mkdirSync(home, { recursive: true });
    mkdirSync(join(workdir, '.wave'), { recursive: true });
    const path = join(workdir, '.wave', 'settings.json');
    const findings: Finding[] = [];
    const kinds: Record<string, number> = {};
    const started = performance.now();
    for (let i = 0; i < FILES; i++) {
      const m = mutant(rng);
      for (const k of m.kinds) kinds[k] = (kinds[k] ?? 0) + 1;
      writeFileSync(path, m.text);
      try {
        for (const what of check(path, workdir, home)) findings.push({ file: i, kinds: m.kinds, what });
      } catch (err) {
        findings.push({ file: i, kinds: m.kinds, what: `crash: ${(err as Error).message.slice(0, 200)}` });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    // The counts go to docs/reliability.md.
    console.log(`settings fuzzer: ${FILES} files in ${seconds.toFixed(1)} s (seed ${SEED}); ${findings.length} findings; mutations ${JSON.stringify(kinds)}`);
    expect(findings.slice(0, 10)).toEqual([]);
  });
});
