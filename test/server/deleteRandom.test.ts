// Randomized deletes (SPEC 8: "deletes one hook from its file without touching anything else"):
// random settings files with random layout, random hook picked, sometimes an external editor saves
// the file between the listing and the delete. A delete must either remove exactly that hook's
// bytes (and its separating comma / line), or — when the file changed — be refused with `conflict`
// and leave the editor's bytes exactly as saved. Driven in-process through HooksSettingsService (the
// code `wave serve` runs) for many rounds, then a few rounds through a real server over WebSocket.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'jsonc-parser';
import { HooksSettingsService, SettingsRefusal } from '../../sidecar/src/server/hooksSettings.js';
import { cleanupSandboxes, ensureBuilt, makeSandbox, startServe, stopAllServers, type HooksListing, type Sandbox } from './harness.js';
import { expectedRemoval, hookAt, removalPath, removedTokensOnly, valueWithout } from './jsonCut.js';
import { int, phrase, pick, printJsonc, prng, randomHooks, randomSettings, randomStyle, type Rng } from './gen.js';

const SEED = Number(process.env.WAVE_TEST_SEED ?? 20240611);

afterAll(async () => {
  await stopAllServers();
  cleanupSandboxes();
});

function parseJsonc(text: string): unknown {
  const errors: unknown[] = [];
  const v = parse(text, errors as never, { allowTrailingComma: false });
  if (errors.length) throw new Error(`not valid JSONC: ${JSON.stringify(errors)}`);
  return v;
}

type Edit = { kind: string; text: string };

/** What an external editor might save: always different bytes, valid JSON or not. */
function externalEdit(rng: Rng, text: string): Edit {
  const kind = pick(rng, ['append-key', 'change-command', 'whitespace', 'comment', 'break-json', 'new-hook']);
  const close = text.lastIndexOf('}');
  switch (kind) {
    case 'append-key': {
      // A new top-level key right before the final brace.
      const before = text.slice(0, close).trimEnd();
      const sep = before.endsWith('{') ? '' : ',';
      return { kind, text: `${before}${sep}\n  "addedByEditor": ${JSON.stringify(phrase(rng))}\n${text.slice(close)}` };
    }
    case 'change-command': {
      const m = /"command"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
      const all = [...text.matchAll(m)];
      if (all.length === 0) return { kind: 'comment', text: `${text}// edited\n` };
      const hit = pick(rng, all);
      const start = hit.index! + hit[0].length - hit[1]!.length - 1;
      return { kind, text: `${text.slice(0, start)}echo changed by the editor ${text.slice(start)}` };
    }
    case 'whitespace':
      return { kind, text: text.includes('\n') ? text.replace('\n', '\n\n') : `${text}\n` };
    case 'comment': {
      const at = text.indexOf('{') + 1;
      return { kind, text: `${text.slice(0, at)} /* ${phrase(rng)} */${text.slice(at)}` };
    }
    case 'break-json':
      return { kind, text: text.slice(0, close) + text.slice(close + 1) };
    default: {
      // The editor adds a hook at the front of an event: every later id shifts.
      const value = parseJsonc(text) as { hooks: Record<string, unknown[]> };
      const event = Object.keys(value.hooks)[0];
      if (event) value.hooks[event]!.unshift({ hooks: [{ type: 'command', command: 'echo inserted' }] });
      return { kind, text: JSON.stringify(value, null, 2) };
    }
  }
}

function fileOf(sb: Sandbox, rng: Rng): string {
  return pick(rng, [sb.userSettings, sb.projectSettings, sb.projectLocal]);
}

describe('many random deletes, in process', () => {
  it(`never loses a byte outside the deleted hook (seed ${SEED}, 60 files)`, () => {
    const rng = prng(SEED);
    const stats = { deleted: 0, conflicts: 0, groupsRemoved: 0, eventsRemoved: 0, edits: {} as Record<string, number> };
    for (let round = 0; round < 60; round++) {
      const sb = makeSandbox('rand');
      const service = new HooksSettingsService({
        workdir: sb.workdir,
        homeDir: sb.home,
        trustState: () => 'trusted',
      });
      const target = fileOf(sb, rng);
      // Other settings files exist too and must never change.
      const others = [sb.userSettings, sb.projectSettings, sb.projectLocal].filter((p) => p !== target && rng() < 0.6);
      for (const p of others) sb.write(p, printJsonc({ hooks: randomHooks(rng) }, randomStyle(rng), rng));
      const othersBefore = others.map((p) => readFileSync(p));
      let text = printJsonc(randomSettings(rng), randomStyle(rng), rng);
      sb.write(target, text);
      const ctx = () => `round ${round} (seed ${SEED}), file:\n${text}`;

      const deletes = int(rng, 1, 4);
      for (let d = 0; d < deletes; d++) {
        const listing = service.list();
        const mine = listing.hooks.filter((h) => h.file === target);
        if (mine.length === 0) break;
        const value = parseJsonc(text);
        const hooksValue = (value as { hooks: Record<string, Array<{ hooks: unknown[] }>> }).hooks;
        expect(mine.length, ctx()).toBe(Object.values(hooksValue).flat().reduce((n, g) => n + g.hooks.length, 0));
        const item = pick(rng, mine);
        const version = listing.files.find((f) => f.path === target)!.version;

        if (rng() < 0.3) {
          const edit = externalEdit(rng, text);
          stats.edits[edit.kind] = (stats.edits[edit.kind] ?? 0) + 1;
          writeFileSync(target, edit.text);
          let error: unknown;
          try {
            service.delete(item.id, version);
          } catch (err) {
            error = err;
          }
          expect(error, `${ctx()}\nedit ${edit.kind}`).toBeInstanceOf(SettingsRefusal);
          // A broken file cannot be listed any more: the refusal may say so instead of "changed".
          if (edit.kind === 'break-json') expect(['conflict', 'refused', 'not_found']).toContain((error as SettingsRefusal).code);
          else expect((error as SettingsRefusal).code, `${ctx()}\nedit ${edit.kind}: ${(error as Error).message}`).toBe('conflict');
          expect(readFileSync(target, 'utf8')).toBe(edit.text);
          stats.conflicts++;
          if (edit.kind === 'break-json') break;
          text = edit.text;
          continue;
        }

        const at = hookAt(item.id);
        const path = removalPath(value, at);
        const expected = expectedRemoval(text, path);
        const fresh = service.delete(item.id, version);
        const after = readFileSync(target, 'utf8');
        expect(after, `${ctx()}\ndeleting ${item.id} (${path.join('/')})`).toBe(expected);
        expect(removedTokensOnly(text, after, path), ctx()).toBeNull();
        expect(parseJsonc(after)).toEqual(valueWithout(value, at));
        expect(fresh.hooks.filter((h) => h.file === target)).toHaveLength(mine.length - 1);
        stats.deleted++;
        if (path.length === 3) stats.groupsRemoved++;
        if (path.length === 2) stats.eventsRemoved++;
        text = after;
      }
      others.forEach((p, i) => expect(readFileSync(p).equals(othersBefore[i]!), `${p} changed`).toBe(true));
    }
    // The generator really exercised every branch.
    expect(stats.deleted).toBeGreaterThan(60);
    expect(stats.conflicts).toBeGreaterThan(5);
    expect(stats.groupsRemoved).toBeGreaterThan(0);
    expect(stats.eventsRemoved).toBeGreaterThan(0);
  });
});

describe('random deletes through a real wave serve', () => {
  let sb: Sandbox;
  beforeAll(() => {
    ensureBuilt();
    sb = makeSandbox('randws');
  });

  it(`deletes over the WebSocket keep every other byte; concurrent edits are refused (seed ${SEED + 1})`, async () => {
    const rng = prng(SEED + 1);
    const server = await startServe({ home: sb.home, workdir: sb.workdir });
    const client = await server.connect();
    let conflicts = 0;
    let deletes = 0;
    for (let round = 0; round < 10; round++) {
      const target = fileOf(sb, rng);
      let text = printJsonc(randomSettings(rng), randomStyle(rng), rng);
      sb.write(target, text);
      for (let d = 0; d < 2; d++) {
        const listing: HooksListing = await client.call('hooks.list', {});
        const mine = listing.hooks.filter((h) => h.file === target);
        if (mine.length === 0) break;
        const item = pick(rng, mine);
        const version = listing.files.find((f) => f.path === target)!.version;
        if (d === 1 && (rng() < 0.5 || (round === 9 && conflicts === 0))) {
          let edit = externalEdit(rng, text);
          while (edit.kind === 'break-json') edit = externalEdit(rng, text);
          writeFileSync(target, edit.text);
          const error = await client.refused('hooks.delete', { id: item.id, version });
          expect(error.code, error.message).toBe('conflict');
          expect(readFileSync(target, 'utf8')).toBe(edit.text);
          conflicts++;
          break;
        }
        const value = parseJsonc(text);
        const at = hookAt(item.id);
        const path = removalPath(value, at);
        const expected = expectedRemoval(text, path);
        const fresh = await client.call('hooks.delete', { id: item.id, version });
        const after = readFileSync(target, 'utf8');
        expect(after, `round ${round}: deleting ${item.id}\n${text}`).toBe(expected);
        expect(parseJsonc(after)).toEqual(valueWithout(value, at));
        expect(fresh.hooks.filter((h) => h.file === target)).toHaveLength(mine.length - 1);
        deletes++;
        text = after;
      }
      // Clear the file for the next round (another target may be picked).
      writeFileSync(target, '{}\n');
    }
    expect(deletes).toBeGreaterThan(8);
    expect(conflicts).toBeGreaterThan(0);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
