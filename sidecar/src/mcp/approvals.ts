// The user's approvals of project MCP servers (docs/mcp.md, "Project servers need approval"): a
// server of `.mcp.json` or of the project's settings files starts only in a trusted workspace and
// only once the user approved it, by name and by its configuration — a changed command, url or
// environment needs a new approval, so the agent cannot swap what runs by editing the file.
// Remembered in ~/.wave/mcp-approvals.json, private (0600), outside the project.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { writeFileAtomic } from '../settings/atomicWrite.js';
import { PRIVATE_DIR, PRIVATE_FILE } from '../settings/privateFiles.js';
import type { McpServerConfig } from './config.js';

interface ApprovalFile {
  /** workdir → server name → hash of the approved configuration */
  projects: Record<string, Record<string, string>>;
}

export function configHash(config: McpServerConfig): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(config)))
    .digest('hex');
}

export class McpApprovals {
  readonly file: string;
  constructor(userDir: string) {
    this.file = join(userDir, 'mcp-approvals.json');
  }

  private read(): ApprovalFile {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as ApprovalFile;
      return data && typeof data.projects === 'object' && data.projects !== null ? data : { projects: {} };
    } catch {
      return { projects: {} };
    }
  }

  approved(workdir: string, name: string, config: McpServerConfig): boolean {
    return this.read().projects[resolve(workdir)]?.[name] === configHash(config);
  }

  /** Approves (or, with null, forgets) one server of a project. */
  set(workdir: string, name: string, config: McpServerConfig | null): void {
    const data = this.read();
    const project = (data.projects[resolve(workdir)] ??= {});
    if (config) project[name] = configHash(config);
    else delete project[name];
    mkdirSync(dirname(this.file), { recursive: true, mode: PRIVATE_DIR });
    // Private, and never half-written on a full disk (docs/reliability.md).
    writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, { mode: PRIVATE_FILE, followSymlink: true });
  }
}
