// A conditional write racing an editor that saves by rename (settings/conditionalWrite.ts;
// docs/reliability.md, "Deleting a hook while an editor saves"): the editor's temporary file is
// there when Wave checks the file, and the editor renames it over the file right before Wave's own
// rename (injected: the window is a few microseconds wide, too narrow to hit on purpose). That save
// is then replaced: the outcome must say so, never "written".
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceIfUnchanged } from '../../src/settings/conditionalWrite.js';

const hash = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'wave-cond-'));
  const file = join(dir, 'settings.json');
  writeFileSync(file, '{"hooks":{"Stop":[]},"editorSave":1}\n');
  const editorTemp = join(dir, 'settings.json.editor-tmp');
  writeFileSync(editorTemp, '{"hooks":{"Stop":[]},"editorSave":2}\n'); // the editor is writing its save
  return { file, editorTemp, version: hash(readFileSync(file)) };
}

describe('replaceIfUnchanged and an editor saving by rename', () => {
  it('the editor renames its save over the file right before Wave does: "replaced", naming the file, not "written"', () => {
    const { file, editorTemp, version } = setup();
    const outcome = replaceIfUnchanged(file, '{"deleted":true}\n', version, hash, {
      rename: (from, to) => {
        renameSync(editorTemp, file); // the editor's save lands in the window
        renameSync(from, to);
      },
    });
    expect(outcome).toEqual({ written: false, why: 'replaced', by: editorTemp });
  });

  it('the editor renames right after Wave: its save is the file, and Wave wrote before it', () => {
    const { file, editorTemp, version } = setup();
    const outcome = replaceIfUnchanged(file, '{"deleted":true}\n', version, hash, {
      rename: (from, to) => {
        renameSync(from, to);
        renameSync(editorTemp, file);
      },
    });
    expect(outcome).toEqual({ written: true });
    expect(readFileSync(file, 'utf8')).toContain('"editorSave":2');
  });

  it('nobody else writes: written', () => {
    const { file, version } = setup();
    expect(replaceIfUnchanged(file, '{"deleted":true}\n', version, hash)).toEqual({ written: true });
    expect(readFileSync(file, 'utf8')).toBe('{"deleted":true}\n');
  });
});
