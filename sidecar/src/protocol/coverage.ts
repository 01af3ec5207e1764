// Guard coverage (protocol.ts, `hooks.coverage`; docs/hooks.md, "Guard coverage"): for each tool the
// agent can call, which hooks of each tool event would run for it, whether one of them can deny the
// call (a guard) or they only watch (observers), and what makes a guard fail open without a word.
// Types only, shared with the UI; computed by hooks/fire/coverage.ts.

/** A tool has a blocking guard, only observers, or no hook at all. */
export type CoverageLevel = 'guard' | 'observer' | 'none';

/** A hook that runs for a tool at one event. */
export interface CoverageHook {
  /** The settings page's hook id. */
  id: string;
  name: string;
  /** It can deny the call: a synchronous hook of an event that guards a call. */
  guard: boolean;
}

export interface CoverageRow {
  /** A tool of the catalogue, a connected MCP server's tool, or `mcp__*` (every MCP tool, when none is known). */
  tool: string;
  level: CoverageLevel;
  /** By event (the tool events, in `events` order): the hooks that run for this tool. */
  cells: Record<string, CoverageHook[]>;
}

/**
 * What makes a guard fail open: its timeout is below the p95 of its recorded runs (`timeout`), its
 * script cannot run (`script`, the fail-open checks' words), or its matcher matches no known tool.
 */
export type CoverageWarningKind = 'timeout' | 'script' | 'matchesNothing';

export interface CoverageWarning {
  kind: CoverageWarningKind;
  hookId: string;
  name: string;
  event: string;
  matcher: string | null;
  /** `timeout`: the hook's timeout and the p95 of its real runs (test runs are not counted). */
  timeoutMs?: number;
  p95Ms?: number;
  /** `script`: what the check found, in English (shown as such, with the file). */
  detail?: string;
}

export interface GuardCoverage {
  /** The tool events, in the event table's order. */
  events: string[];
  /** The events whose hooks can deny the call. */
  guardEvents: string[];
  rows: CoverageRow[];
  warnings: CoverageWarning[];
  /** `"disableAllHooks": true`: no hook runs at all (the file that says so). */
  allOff: string | null;
}
