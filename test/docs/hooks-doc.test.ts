// docs/hooks.md stays true to the event table (sidecar/src/hooks/events.ts): a section for every
// event, the events table listing exactly the table's events in its order, and each event's
// matcher named as the table says.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, eventSpec } from '../../sidecar/src/hooks/contract/events.js';
import { commonFields } from '../../sidecar/src/hooks/handlers/common.js';
import { HANDLER_TYPES, HANDLER_TYPE_NAMES } from '../../sidecar/src/hooks/handlers/table.js';

const DOC = readFileSync(fileURLToPath(new URL('../../docs/hooks.md', import.meta.url)), 'utf8');

/** The text of one `### <Event>` section (up to the next heading of level 2 or 3). */
function section(event: string): string | null {
  const m = new RegExp(`^### ${event}\\n([\\s\\S]*?)(?=^#{2,3} )`, 'm').exec(DOC);
  return m ? m[1]! : null;
}

describe('docs/hooks.md and the event table', () => {
  it('has a section for every event of the table', () => {
    const missing = EVENT_NAMES.filter((e) => section(e) === null);
    expect(missing).toEqual([]);
  });

  it('the events table lists exactly the events of the table, in its order', () => {
    const table = DOC.slice(DOC.indexOf('| event | fires |'));
    const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| \[(\w+)\]\(#\w+\)/gm)].map((m) => m[1]);
    expect(rows).toEqual(EVENT_NAMES);
  });

  it.each(EVENT_NAMES)('%s: the section names its matcher as the table does', (event) => {
    const text = section(event)!;
    const field = eventSpec(event).matcherField;
    const line = /\*\*Matcher:\*\*([^\n]*)/.exec(text)?.[1] ?? '';
    if (field) expect(line).toContain(`\`${field}\``);
    else expect(line.trim()).toMatch(/^none/);
  });
});

// docs/hooks.md stays true to the handler table (sidecar/src/hooks/handlers/table.ts): the `type` row
// names every type, and each type has its paragraph with a table of exactly its own fields.
describe('docs/hooks.md and the handler table', () => {
  const common = new Set([...Object.keys(commonFields), 'type']);

  /** The field names of the table that follows "`"<type>"` (…):". */
  function documentedFields(type: string): string[] | null {
    const at = DOC.indexOf(`\`"${type}"\` (`);
    if (at < 0) return null;
    const table = DOC.slice(DOC.indexOf('| field |', at));
    return [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!);
  }

  it('the `type` row names every handler type of the table', () => {
    const row = /^\| `type` \|([^\n]*)/m.exec(DOC)?.[1] ?? '';
    expect(HANDLER_TYPE_NAMES.filter((t) => !row.includes(`"${t}"`))).toEqual([]);
  });

  it.each(HANDLER_TYPE_NAMES)('"%s": its paragraph lists exactly its own fields', (type) => {
    const own = Object.keys(HANDLER_TYPES[type].schema.shape).filter((k) => !common.has(k));
    expect(documentedFields(type)?.sort()).toEqual(own.sort());
  });
});
