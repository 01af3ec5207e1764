// The rows a settings file had when it was last read (state/heldRows.ts): kept while the file cannot
// be read, per file, and dropped once it can — even when it then has no hooks at all.
import { describe, expect, it } from 'vitest';
import type { HookListItem, HooksListing, SettingsFileState } from '../../src/connection/protocol.js';
import { heldRows, lastRead, type LastRead } from '../../src/state/heldRows.js';

const file = (path: string, unread = false): SettingsFileState => ({
  source: 'user',
  path,
  exists: true,
  error: null,
  ...(unread ? { unread: true as const } : {}),
  version: 'v',
});
const hook = (id: string, path: string) => ({ id, file: path, description: id }) as HookListItem;
const listing = (files: SettingsFileState[], hooks: HookListItem[]) => ({ files, hooks }) as HooksListing;

describe('held rows', () => {
  it('keeps the last rows of a file while it cannot be read, and only of that file', () => {
    let read: LastRead = new Map();
    read = lastRead(read, listing([file('/u'), file('/p')], [hook('a', '/u'), hook('b', '/u'), hook('c', '/p')]));
    read = lastRead(read, listing([file('/u', true), file('/p')], [hook('d', '/p')]));
    expect(heldRows([file('/u', true), file('/p')], read)).toEqual([{ file: '/u', hooks: [hook('a', '/u'), hook('b', '/u')] }]);
    // Still unreadable at the next listing: still held.
    read = lastRead(read, listing([file('/u', true), file('/p')], [hook('d', '/p')]));
    expect(heldRows([file('/u', true)], read).map((h) => h.hooks.length)).toEqual([2]);
  });

  it('drops them once the file can be read again, whatever it holds then', () => {
    let read: LastRead = lastRead(new Map(), listing([file('/u')], [hook('a', '/u')]));
    read = lastRead(read, listing([file('/u', true)], []));
    read = lastRead(read, listing([file('/u')], []));
    expect(heldRows([file('/u')], read)).toEqual([]);
    read = lastRead(read, listing([file('/u', true)], []));
    expect(heldRows([file('/u', true)], read)).toEqual([]);
  });

  it('holds nothing for a file that was never read (broken when the page opened)', () => {
    const read = lastRead(new Map(), listing([file('/u', true)], []));
    expect(heldRows([file('/u', true)], read)).toEqual([]);
  });
});
