// What the trust dialog shows before the user decides (docs/hooks.md, "Project hooks need a trusted
// workspace"; protocol.ts, `trust.hooks`): every project hook whole — its event, matcher,
// description, full command, file and line — and, for a command that runs a script inside the
// project, the script's first lines (hooks/config/scriptPreview.ts).
import { loadSources } from '../hooks/config/compose.js';
import { scriptPreview } from '../hooks/config/scriptPreview.js';
import type { ProjectHookDetail } from '../protocol/protocol.js';

export function projectHookDetails(workdir: string, homeDir: string): ProjectHookDetail[] {
  const s = loadSources({ workdir, homeDir, trustProject: false });
  const all = [...s.hooks, ...s.untrustedHooks].filter((h) => h.source === 'project' || h.source === 'projectLocal');
  return all.map((h) => ({
    event: h.event,
    matcher: h.matcher ?? null,
    command: h.handler.type === 'prompt' ? `prompt: ${h.handler.prompt}` : h.summary,
    file: h.file!,
    source: h.source as ProjectHookDetail['source'],
    line: h.line ?? null,
    description: h.handler.description ?? null,
    script: h.handler.type === 'command' ? scriptPreview(h.handler.command, { workdir, homeDir }) : null,
  }));
}
