// docs/hooks.md stays true to the event table (sidecar/src/hooks/events.ts): a section for every
// event, the events table listing exactly the table's events in its order, and each event's
// matcher named as the table says.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, eventSpec } from '../../sidecar/src/hooks/contract/events.js';

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
