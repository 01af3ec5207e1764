// One file a session reviews instead of following (docs/hooks.md, "Changes during a session"): the
// content the session runs from (the approved text) and the file on disk, compared by content. The
// session starts from the disk unless an earlier session saw a change it left unreviewed: then from
// the last approved text, and `carried` says since when. Only the user moves the approved text:
// Apply (take the disk), Revert (write the approved text back), or their own edit on Wave's pages.
import { rmSync } from 'node:fs';
import { writeFileAtomic } from './atomicWrite.js';
import { readSettingsText } from './jsonFile.js';
import { textHash, type ApprovedStore } from './approved.js';

/** The file's text, or null when it is missing or cannot be read as a settings file. */
export function diskText(path: string): string | null {
  try {
    return readSettingsText(path);
  } catch {
    return null;
  }
}

/** Writes a text back (null: the file did not exist, so it is removed). */
export function restoreText(path: string, text: string | null): void {
  if (text === null) rmSync(path, { force: true });
  else writeFileAtomic(path, text);
}

export class ReviewedFile {
  approvedText: string | null;
  /** When an earlier session saw the change this session does not run (ISO time), or null. */
  carried: string | null = null;

  constructor(
    readonly path: string,
    private readonly store: ApprovedStore | null,
  ) {
    const disk = diskText(path);
    const record = store?.get(path) ?? null;
    if (record?.pending && textHash(disk) !== textHash(record.text)) {
      this.approvedText = record.text;
      this.carried = record.pending.at;
    } else {
      // No unreviewed change: what is on disk is the user's (made while no session ran).
      this.approvedText = disk;
      store?.approve(path, disk);
    }
  }

  disk(): string | null {
    return diskText(this.path);
  }

  /** The disk differs from what the session runs. */
  changed(): boolean {
    return textHash(this.disk()) !== textHash(this.approvedText);
  }

  /** Apply: the session runs the disk's content. */
  apply(text: string | null = this.disk()): void {
    this.approvedText = text;
    this.carried = null;
    this.store?.approve(this.path, text);
  }

  /** Revert: the approved text goes back on disk. Returns the text it replaced (for Undo). */
  revert(): string | null {
    const before = this.disk();
    restoreText(this.path, this.approvedText);
    this.carried = null;
    this.store?.approve(this.path, this.approvedText);
    return before;
  }

  /**
   * The user's own edit on Wave's pages, made to a file that also has an unreviewed change: the
   * approved text gets the same edit, the rest of the disk's difference stays in review.
   */
  approveEdit(edited: string): void {
    this.approvedText = edited;
    this.store?.approve(this.path, edited);
    this.store?.observed(this.path, this.disk());
  }

  /** A session looked at the disk: the store learns whether the file has an unreviewed change. */
  observed(): void {
    this.store?.observed(this.path, this.disk());
  }
}
