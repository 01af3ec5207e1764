// Guard coverage at a glance (docs/hooks.md, "Guard coverage"): a pure function beside the planner
// (plan.ts), from the hooks that run, the agent's tools, each hook's recorded p95 and what the
// fail-open checks (config/guards.ts) say of its script. For each tool: the hooks of each tool event
// whose matcher accepts it (the subagent tool under both its names), whether one can deny the call
// (a synchronous hook of an event that guards a call, failClosed.ts) or they only watch; and the
// guards that would fail open without a word: a timeout below the p95 of their real runs, a script
// that cannot run, a matcher that matches no known tool.
import { EVENT_NAMES, eventSpec } from '../contract/events.js';
import { compileMatcher } from '../contract/matcher.js';
import { toolNamesOf } from '../contract/toolAliases.js';
import type { ConfiguredHook } from '../contract/types.js';
import type { CoverageHook, CoverageLevel, CoverageRow, CoverageWarning, GuardCoverage } from '../../protocol/coverage.js';
import { guardsCall } from './failClosed.js';
import { DEFAULT_HOOK_TIMEOUT_SECONDS } from './fireTypes.js';

export interface CoverageInput {
  /** The hooks that run now (the snapshot's, trusted, not pending review), in run order. */
  hooks: readonly ConfiguredHook[];
  /** The agent's tools: the catalogue, and the MCP tools known (`mcp__<server>__<tool>`). */
  tools: readonly string[];
  /** The file whose `"disableAllHooks": true` turns every hook off, or null. */
  allOff: string | null;
  /** The p95 duration of each hook's real runs (ms), by hook id; none: it never ran. */
  p95Ms: ReadonlyMap<string, number>;
  /** What the fail-open checks say of each hook's script, by hook id. */
  scriptProblems: ReadonlyMap<string, readonly string[]>;
}

/** Stands for every MCP tool when no MCP server's tools are known. */
export const ANY_MCP_TOOL = 'mcp__*';

const TOOL_EVENTS: readonly string[] = EVENT_NAMES.filter((e) => eventSpec(e).matcherValues === 'tool names');

const universal = (m: string | undefined) => m === undefined || m.trim() === '' || m.trim() === '*';
const namesMcp = (m: string | undefined) => m !== undefined && /mcp__/i.test(m);

/** A synchronous hook of an event that guards a call: its answer can deny the call. */
export function canDeny(h: ConfiguredHook): boolean {
  return guardsCall(h.event) && h.handler.async !== true && h.handler.asyncRewake !== true;
}

/** Whether the hook's matcher accepts the tool (for `mcp__*`: any matcher that names MCP tools, or every tool). */
function accepts(h: ConfiguredHook, tool: string): boolean {
  if (tool === ANY_MCP_TOOL) return universal(h.matcher) || namesMcp(h.matcher);
  const m = compileMatcher(h.matcher);
  return toolNamesOf(tool).some((name) => m.test(name));
}

function row(tool: string, hooks: readonly ConfiguredHook[]): CoverageRow {
  const cells: Record<string, CoverageHook[]> = {};
  let level: CoverageLevel = 'none';
  for (const event of TOOL_EVENTS) {
    const here = hooks.filter((h) => h.event === event && accepts(h, tool)).map((h) => ({ id: h.id, name: h.displayName, guard: canDeny(h) }));
    cells[event] = here;
    if (here.some((x) => x.guard)) level = 'guard';
    else if (here.length && level === 'none') level = 'observer';
  }
  return { tool, level, cells };
}

function warningsOf(h: ConfiguredHook, tools: readonly string[], input: CoverageInput): CoverageWarning[] {
  const base = { hookId: h.id, name: h.displayName, event: h.event, matcher: h.matcher ?? null };
  const out: CoverageWarning[] = [];
  const timeoutMs = (h.handler.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000;
  const p95Ms = input.p95Ms.get(h.id);
  if (p95Ms !== undefined && timeoutMs < p95Ms) out.push({ kind: 'timeout', ...base, timeoutMs, p95Ms });
  for (const detail of input.scriptProblems.get(h.id) ?? []) out.push({ kind: 'script', ...base, detail });
  if (!universal(h.matcher) && !namesMcp(h.matcher) && !tools.some((t) => t !== ANY_MCP_TOOL && accepts(h, t))) out.push({ kind: 'matchesNothing', ...base });
  return out;
}

/** The tools × tool events view of what runs, and the guards that would fail open. */
export function guardCoverage(input: CoverageInput): GuardCoverage {
  const hooks = input.allOff ? [] : input.hooks.filter((h) => TOOL_EVENTS.includes(h.event));
  const tools = input.tools.some((t) => t.startsWith('mcp__')) ? [...input.tools] : [...input.tools, ANY_MCP_TOOL];
  return {
    events: [...TOOL_EVENTS],
    guardEvents: TOOL_EVENTS.filter(guardsCall),
    rows: tools.map((t) => row(t, hooks)),
    warnings: hooks.filter(canDeny).flatMap((h) => warningsOf(h, tools, input)),
    allOff: input.allOff,
  };
}
