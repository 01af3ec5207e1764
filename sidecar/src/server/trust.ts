// Workspace trust (docs/hooks.md, "Trust"): project hooks run only in a trusted workdir. The answer
// is asked once per workdir and remembered in ~/.wave/trusted-workdirs.json (private, 0600). The
// file is read once, when the sidecar starts: only the user's answer (the dialog, the settings
// switch, the IDE: `set`) changes the decision in force. A change to the file made by anything else
// (an agent's Write) is a settings change like any other: reviewed (Apply / Revert), never applied
// by itself, and still unreviewed at the next start until the user decides (settings/reviewedFile.ts).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from '../settings/atomicWrite.js';
import { PRIVATE_DIR, PRIVATE_FILE } from '../settings/privateFiles.js';
import { ApprovedStore } from '../settings/approved.js';
import { ReviewedFile } from '../settings/reviewedFile.js';
import type { FileReview, TrustState } from '../protocol/protocol.js';

interface TrustFile {
  workdirs: Record<string, boolean>;
}

function parse(text: string | null): TrustFile {
  try {
    const data = JSON.parse(text ?? '') as TrustFile;
    return data && typeof data.workdirs === 'object' && data.workdirs ? data : { workdirs: {} };
  } catch {
    return { workdirs: {} };
  }
}

const stateOf = (data: TrustFile, workdir: string): TrustState => {
  const v = data.workdirs[resolve(workdir)];
  return v === true ? 'trusted' : v === false ? 'untrusted' : 'unknown';
};

const serialize = (data: TrustFile) => `${JSON.stringify(data, null, 2)}\n`;

export class TrustStore {
  readonly file: string;
  private readonly reviewed: ReviewedFile;

  constructor(userDir: string, store: ApprovedStore | null = new ApprovedStore(userDir)) {
    this.file = resolve(userDir, 'trusted-workdirs.json');
    this.reviewed = new ReviewedFile(this.file, store);
  }

  /** The decision in force (the file as the user last approved it). */
  state(workdir: string): TrustState {
    return stateOf(parse(this.reviewed.approvedText), workdir);
  }

  /** The user's answer: written to the file and in force at once; another change of the file stays in review. */
  set(workdir: string, trusted: boolean): void {
    const clean = !this.reviewed.changed();
    const disk = parse(this.reviewed.disk());
    disk.workdirs[resolve(workdir)] = trusted;
    mkdirSync(dirname(this.file), { recursive: true, mode: PRIVATE_DIR });
    // Trust answers are private, and a full disk never leaves half a file (docs/reliability.md).
    writeFileAtomic(this.file, serialize(disk), { mode: PRIVATE_FILE, followSymlink: true });
    if (clean) this.reviewed.apply();
    else {
      const approved = parse(this.reviewed.approvedText);
      approved.workdirs[resolve(workdir)] = trusted;
      this.reviewed.approveEdit(serialize(approved));
    }
  }

  /** The file's change on disk, as a review entry (null: the disk says what is in force). */
  review(workdir: string): FileReview | null {
    if (!this.reviewed.changed()) return null;
    const before = parse(this.reviewed.approvedText);
    const after = parse(this.reviewed.disk());
    const dirs = new Set([...Object.keys(before.workdirs), ...Object.keys(after.workdirs)]);
    const others = [...dirs].filter((d) => d !== resolve(workdir) && before.workdirs[d] !== after.workdirs[d]);
    return {
      path: this.file,
      source: 'user',
      kind: 'trust',
      trust: { workdir: resolve(workdir), before: stateOf(before, workdir), after: stateOf(after, workdir), others },
      since: this.reviewed.carried,
      added: [],
      removed: [],
      changed: [],
      keys: [],
      disableAllHooks: null,
      deleted: this.reviewed.disk() === null,
      parseError: null,
    };
  }

  /** Apply: the file on disk is the decision in force. */
  apply(): void {
    this.reviewed.apply();
  }

  /** Revert: the decision in force goes back on disk; returns what it replaced. */
  revert(): string | null {
    return this.reviewed.revert();
  }
}
