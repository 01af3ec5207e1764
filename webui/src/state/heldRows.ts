// The rows a settings file had when it was last read (docs/hooks.md, "The settings page"): a file
// that cannot be read now (unreadable, not valid JSON, not an object: `unread` in the listing) keeps
// its last rows on the page, greyed and inert under its error, instead of an empty list — a failed
// delete leaves the list as it was — until a listing reads the file again.
import type { HookListItem, HooksListing, SettingsFileState } from '../connection/protocol.js';

/** Each listed file's hooks as last read. */
export type LastRead = ReadonlyMap<string, readonly HookListItem[]>;

/** The hooks of each file of `listing`; a file it could not read keeps what `before` had of it. */
export function lastRead(before: LastRead, listing: HooksListing): LastRead {
  const next = new Map<string, HookListItem[]>();
  for (const f of listing.files) {
    if (f.unread) {
      const kept = before.get(f.path);
      if (kept?.length) next.set(f.path, [...kept]);
    } else next.set(f.path, []);
  }
  for (const h of listing.hooks) next.get(h.file)?.push(h);
  return next;
}

/** The rows held for the files on screen that cannot be read now, file by file (files without any left out). */
export function heldRows(files: readonly SettingsFileState[], read: LastRead): Array<{ file: string; hooks: readonly HookListItem[] }> {
  return files.flatMap((f) => {
    const hooks = f.unread ? read.get(f.path) : undefined;
    return hooks?.length ? [{ file: f.path, hooks }] : [];
  });
}
