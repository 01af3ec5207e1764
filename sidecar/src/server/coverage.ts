// The settings page's guard coverage (docs/hooks.md, "Guard coverage"; protocol.ts, `hooks.coverage`):
// the inputs of hooks/fire/coverage.ts gathered from the session — the hooks that run now (trusted,
// not pending review), the tool catalogue and the MCP tools of the connected servers, each hook's
// p95 from the run history (real runs only) and the fail-open checks of its script.
import { TOOL_NAMES } from '../app/tools.js';
import { loadSources } from '../hooks/config/compose.js';
import { checkScript } from '../hooks/config/guards.js';
import { guardCoverage } from '../hooks/fire/coverage.js';
import type { GuardCoverage } from '../protocol/protocol.js';
import { hookStates } from './configView.js';
import type { Services } from './services.js';

export function coverageOf(app: Services): GuardCoverage {
  const session = app.chat.sessionConfig();
  const { workdir, homeDir } = app;
  const disk = session ? session.diskSources(true) : loadSources({ workdir, homeDir, trustProject: true, toolNames: TOOL_NAMES });
  const state = hookStates(session, app.trust.state(workdir) === 'trusted');
  const hooks = disk.hooks.filter((h) => h.source !== 'programmatic' && state(h) === 'active');
  const settings = (session?.sources() ?? disk).settings;
  const p95Ms = new Map(Object.entries(app.runs.stats()).flatMap(([id, f]) => (f.runs > 0 ? [[id, f.p95Ms] as const] : [])));
  const scriptProblems = new Map(hooks.map((h) => [h.id, checkScript(h, { workdir, homeDir }).map((p) => p.message)]));
  const mcpTools =
    app.chat
      .mcp()
      ?.tools()
      .map((t) => t.name) ?? [];
  return guardCoverage({
    hooks,
    tools: [...TOOL_NAMES, ...mcpTools],
    allOff: settings.disableAllHooks ? settings.disabledBy : null,
    p95Ms,
    scriptProblems,
  });
}
