// `wave hooks test <Event>`: builds the event's payload (test values for the session fields, the
// user's --input over the event's sample), runs the configured hooks for real and prints each run
// and the combined decision in words — or, with --json, one object scripts can rely on.
import { readFileSync } from 'node:fs';
import { commandArgs } from './args.js';
import { describeDecision } from '../hooks/contract/describe.js';
import { unreadSummary } from '../hooks/config/problems.js';
import { EVENT_NAMES, eventSpec, isHookEvent, type EventInput, type HookEventName } from '../hooks/contract/events.js';
import type { HookRunRecord } from '../hooks/contract/types.js';
import { sourceLabel } from '../hooks/contract/sourceLabel.js';
import { hookTestContext, hookTestInput, promptModelFor } from '../app/hookTest.js';
import { managerFor } from './hooksList.js';
import { indent, makeStyle, type Style } from './style.js';

function readInput(spec: string): Record<string, unknown> {
  const text = spec === '-' ? readFileSync(0, 'utf8') : spec.startsWith('@') ? readFileSync(spec.slice(1), 'utf8') : spec;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`--input is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('--input must be a JSON object');
  return value as Record<string, unknown>;
}

function runLines(r: HookRunRecord, st: Style, plugin: string | undefined): string {
  const status = r.timedOut ? 'timed out' : r.signal ? `killed by ${r.signal}` : r.exitCode === null ? 'not run' : `exit ${r.exitCode}`;
  const colour = r.outcome === 'success' ? st.green : r.outcome === 'blocking_error' ? st.red : st.yellow;
  const lines = [
    `${st.bold(`● ${r.name}`)}  ${st.dim(`[${sourceLabel(r.source, plugin)}]${r.matcher ? ` matcher ${JSON.stringify(r.matcher)}` : ''}${r.async ? ' async' : ''}`)}`,
    `  $ ${r.command}`,
    `  ${colour(`${status} · ${r.durationMs} ms · ${r.outcome.replaceAll('_', ' ')}`)}`,
  ];
  const block = (label: string, text: string) => `${st.dim(`  ${label} │`)} ${text.split('\n').join(`\n${st.dim('         │')} `)}`;
  if (r.stdout) lines.push(block('stdout', r.stdout));
  if (r.stderr) lines.push(block('stderr', r.stderr));
  if (r.error) lines.push(st.yellow(`  ! ${r.error}`));
  lines.push(`  → ${indent(r.decision, '    ').trimStart()}`);
  return lines.join('\n');
}

const TEST_USAGE = `usage: wave hooks test <Event> [--workdir DIR] [--tool NAME] [--input JSON|@FILE|-] [--json]
  runs the configured hooks of one event for real against a test payload (the event's sample, each
  tool's own sample input, your --input over them), prints each run, the combined decision, and
  every hook of the event that did not run with its reason
Events: ${EVENT_NAMES.join(', ')}`;

export async function hooksTestCommand(argv: string[]): Promise<number> {
  const args = commandArgs(
    'hooks test',
    TEST_USAGE,
    argv,
    { workdir: { type: 'string' }, tool: { type: 'string' }, input: { type: 'string' }, json: { type: 'boolean' } },
    true,
  );
  if (!args.ok) return args.code;
  const { values, positionals } = args;
  const runs: HookRunRecord[] = []; // sync and async runs, as they finish
  const event = positionals[0];
  if (!event || !isHookEvent(event)) {
    process.stderr.write(`wave hooks test: ${event ? `unknown event "${event}"` : 'name an event'}; one of: ${EVENT_NAMES.join(', ')}\n`);
    return 2;
  }
  const manager = managerFor(values.workdir, { onRecord: (r) => runs.push(r) });
  manager.setPromptModel(promptModelFor(manager.snapshot().settings.model));
  const given = values.input ? readInput(values.input) : undefined;
  let input: Record<string, unknown>;
  try {
    input = hookTestInput(event, { tool: values.tool, input: given, project: manager.workdir });
  } catch (e) {
    process.stderr.write(`wave hooks test: ${(e as Error).message}\n`);
    return 2;
  }
  const ctx = hookTestContext(manager.workdir);
  const payload = manager.payload(event, input as EventInput<HookEventName>, ctx);
  const plan = manager.plan(event, input as EventInput<HookEventName>);
  const { decision } = await manager.fire(event, input as EventInput<HookEventName>, ctx);
  await manager.waitForAsync();
  const skipped = plan.skipped.map((k) => ({
    name: k.name,
    source: k.source,
    label: sourceLabel(k.source, k.hook?.plugin?.name),
    file: k.hook?.file ?? null,
    matcher: k.hook?.matcher ?? null,
    reason: k.reason,
  }));

  if (values.json) {
    process.stdout.write(`${JSON.stringify({ event, payload, decision, runs, skipped }, null, 2)}\n`);
    return 0;
  }
  printTestResult({ event, input, payload, manager, plan, runs, skipped, decision, jsonlPath: ctx.transcriptJsonlPath });
  return 0;
}

interface TestResult {
  event: HookEventName;
  input: Record<string, unknown>;
  payload: unknown;
  manager: ReturnType<typeof managerFor>;
  plan: ReturnType<ReturnType<typeof managerFor>['plan']>;
  runs: HookRunRecord[];
  skipped: { name: string; source: string; label: string; reason: string }[];
  decision: Parameters<typeof describeDecision>[1];
  jsonlPath: string | undefined;
}

function printTestResult(t: TestResult): void {
  const { event, input, payload, manager, plan, runs, skipped, decision } = t;
  const spec = eventSpec(event);
  const st = makeStyle(process.stdout);
  const field = spec.matcherField;
  const out = [
    `${st.bold(st.cyan(event))}${field ? `  ${field}=${String(input[field])}` : ''}  ${st.dim(`(${spec.when})`)}`,
    st.dim(`stdin: ${JSON.stringify(payload)}`),
  ];
  if (manager.note) out.push(st.dim(`(${manager.note})`));
  if (plan.run.some((h) => h.source === 'plugin' || (h.handler.type === 'command' && h.handler.transcript === 'jsonl'))) {
    out.push(st.dim(`(plugin hooks and "transcript": "jsonl" handlers get transcript_path ${t.jsonlPath})`));
  }
  const loaded = manager.snapshot();
  const unread = unreadSummary(loaded.files, loaded.problems);
  if (unread) out.push(st.red(`\n${unread}`));
  if (!runs.length && !skipped.length) out.push(`\nNo ${event} hooks are configured (see \`wave hooks list\`).`);
  const pluginOf = (id: string) => plan.run.find((h) => h.id === id)?.plugin?.name;
  for (const r of runs) out.push(`\n${runLines(r, st, pluginOf(r.hookId))}`);
  if (skipped.length) {
    out.push(`\n${st.bold('Did not run')}`);
    for (const k of skipped) out.push(`  ${st.dim('○')} ${k.name}  ${st.dim(`[${k.label}]`)}: ${k.reason}`);
  }
  out.push(`\n${st.bold('Decision')}`);
  for (const line of describeDecision(event, decision)) out.push(`  ${indent(line, '    ').trimStart()}`);
  process.stdout.write(`${out.join('\n')}\n`);
}
