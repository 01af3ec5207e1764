// The last approved content of each file the agent could use to switch a guard off (docs/hooks.md,
// "Changes during a session"): the settings files, the `--settings` file, the trust store. A session
// records what it started from; a change it observes and the user neither applied nor reverted is
// marked pending, so the next session starts from the approved content and says so. Kept privately
// under ~/.wave/approved/ (folder 0700, one 0600 file per watched file): it holds settings text.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomicWrite.js';
import { PRIVATE_FILE, privateDir } from './privateFiles.js';
import { messageOf } from '../util/errors.js';

/** A change observed during a session and not reviewed yet. */
export interface PendingChange {
  /** The content hash of the file when the change was seen. */
  hash: string;
  /** When a session first saw it (ISO time). */
  at: string;
}

export interface ApprovedRecord {
  path: string;
  /** The approved text; null: the file did not exist. */
  text: string | null;
  /** When it was approved (ISO time). */
  at: string;
  pending: PendingChange | null;
}

/** The content hash of a text (`-` for a missing file). */
export function textHash(text: string | null): string {
  return text === null ? '-' : createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export class ApprovedStore {
  readonly dir: string;
  private error: string | null = null;
  constructor(
    userDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.dir = join(userDir, 'approved');
  }

  private fileOf(key: string): string {
    return join(this.dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  }

  private readJson<T>(key: string): T | null {
    try {
      return JSON.parse(readFileSync(this.fileOf(key), 'utf8')) as T;
    } catch {
      return null; // missing, or unreadable: as if nothing was recorded (the disk is then taken)
    }
  }

  private writeJson(key: string, value: unknown): void {
    try {
      privateDir(this.dir);
      // No fsync: a record lost in a crash means the next session takes the disk, as a first run does.
      writeFileAtomic(this.fileOf(key), `${JSON.stringify(value)}\n`, { mode: PRIVATE_FILE, fsync: false });
    } catch (err) {
      // A full disk or a read-only home: the session still runs from what it read; only the
      // carry-over to the next session is lost, and the session says so (docs/reliability.md).
      this.error ??= `cannot record approved settings in ${this.dir} (${messageOf(err)}): a change left unreviewed now would be taken by the next session`;
    }
  }

  /** The first write that failed since the last call, in words (then forgotten). */
  takeError(): string | null {
    const e = this.error;
    this.error = null;
    return e;
  }

  get(path: string): ApprovedRecord | null {
    const r = this.readJson<ApprovedRecord>(`file:${path}`);
    return r && r.path === path && (typeof r.text === 'string' || r.text === null) ? r : null;
  }

  /** Records `text` as approved (and nothing pending). */
  approve(path: string, text: string | null): void {
    const r = this.get(path);
    if (r && !r.pending && textHash(r.text) === textHash(text)) return;
    this.writeJson(`file:${path}`, { path, text, at: this.now().toISOString(), pending: null } satisfies ApprovedRecord);
  }

  /** A session saw the file with this content: pending when it differs from the approved text. */
  observed(path: string, diskText: string | null): void {
    const r = this.get(path);
    if (!r) return;
    const hash = textHash(diskText);
    if (hash === textHash(r.text)) {
      if (r.pending) this.writeJson(`file:${path}`, { ...r, pending: null });
      return;
    }
    if (r.pending?.hash === hash) return;
    this.writeJson(`file:${path}`, { ...r, pending: { hash, at: r.pending?.at ?? this.now().toISOString() } });
  }

  /** What a project's last session started with (for "fewer hooks than last time"). */
  lastSession(workdir: string): ProjectRecord | null {
    return this.readJson<ProjectRecord>(`project:${workdir}`);
  }

  saveSession(workdir: string, record: ProjectRecord): void {
    this.writeJson(`project:${workdir}`, record);
  }
}

export interface ProjectRecord {
  /** How many hooks ran at the start of the project's last session. */
  hooks: number;
  /** When sessions of the project ran (the last few), to tell a `.wave/` an agent made below it. */
  sessions: Array<{ start: number; end: number | null }>;
}
