// Workspace trust (docs/hooks.md, "Project hooks need a trusted workspace"): project hooks run only in a trusted workdir. The answer is asked once
// per workdir and remembered in ~/.wave/trusted-workdirs.json.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '../settings/atomicWrite.js';
import { PRIVATE_DIR, PRIVATE_FILE } from '../settings/privateFiles.js';
import type { TrustState } from '../protocol/protocol.js';

interface TrustFile {
  workdirs: Record<string, boolean>;
}

export class TrustStore {
  readonly file: string;
  constructor(userDir: string) {
    this.file = join(userDir, 'trusted-workdirs.json');
  }

  private read(): TrustFile {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as TrustFile;
      return data && typeof data.workdirs === 'object' && data.workdirs ? data : { workdirs: {} };
    } catch {
      return { workdirs: {} };
    }
  }

  state(workdir: string): TrustState {
    const v = this.read().workdirs[resolve(workdir)];
    return v === true ? 'trusted' : v === false ? 'untrusted' : 'unknown';
  }

  set(workdir: string, trusted: boolean): void {
    const data = this.read();
    data.workdirs[resolve(workdir)] = trusted;
    mkdirSync(dirname(this.file), { recursive: true, mode: PRIVATE_DIR });
    // Trust answers are private, and a full disk never leaves half a file (docs/reliability.md).
    writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: PRIVATE_FILE, followSymlink: true });
  }
}
