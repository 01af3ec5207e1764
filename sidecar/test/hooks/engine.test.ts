// Integration tests of the hook engine through HookManager (SPEC 1–5): real settings files in a
// temporary HOME and workdir, real shell hooks run as real processes. Nothing of the engine is mocked.
import { afterAll, describe, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  CONTEXT_CAP,
  EVENTS,
  HookManager,
  TurnBudget,
  assertValidProgrammaticHooks,
  type FireContext,
  type FireResult,
  type HookEventName,
  type HookManagerOptions,
  type HookRunRecord,
} from '../../src/hooks/index.js';
import { hookKey } from '../../src/hooks/config/snapshot.js';

// ----- sandbox -----------------------------------------------------------------------------------

type Handler = string | ({ command: string } & Record<string, unknown>);
interface Group {
  matcher?: string;
  hooks: Handler[];
}
type HooksSpec = Record<string, Group[]>;

// Every sandbox lives under one temporary folder, removed at the end.
const TMP = realpathSync(mkdtempSync(join(tmpdir(), 'wave-engine-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function toHooks(spec: HooksSpec): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(spec).map(([event, groups]) => [
      event,
      groups.map((g) => ({ ...g, hooks: g.hooks.map((h) => (typeof h === 'string' ? { type: 'command', command: h } : { type: 'command', ...h })) })),
    ]),
  );
}

/** One group without matcher holding the given handlers. */
function on(event: string, ...handlers: Handler[]): HooksSpec {
  return { [event]: [{ hooks: handlers }] };
}

/** Single-quotes a string for sh. */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** A command printing one JSON value on stdout. */
const printJson = (v: unknown) => `printf '%s\\n' ${sq(JSON.stringify(v))}`;

class Sandbox {
  readonly root: string;
  readonly home: string;
  readonly workdir: string;

  constructor() {
    this.root = mkdtempSync(join(TMP, 'sb-'));
    this.home = join(this.root, 'home');
    this.workdir = join(this.root, 'work');
    mkdirSync(this.home, { recursive: true });
    mkdirSync(this.workdir, { recursive: true });
  }

  path(name: string): string {
    return join(this.root, name);
  }

  read(name: string): string {
    return readFileSync(this.path(name), 'utf8');
  }

  readJson(name: string): Record<string, unknown> {
    return JSON.parse(this.read(name)) as Record<string, unknown>;
  }

  lines(name: string): string[] {
    return existsSync(this.path(name)) ? this.read(name).split('\n').filter(Boolean) : [];
  }

  /** A command appending `word` to the log file `name`. */
  log(word: string, name = 'log'): string {
    return `echo ${word} >> ${sq(this.path(name))}`;
  }

  /** A command writing its stdin to `name`. */
  dump(name: string): string {
    return `cat > ${sq(this.path(name))}`;
  }

  writeJson(file: string, value: unknown): void {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  }

  script(name: string, body: string): string {
    const file = this.path(name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  }

  settings(hooks?: HooksSpec, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...extra, ...(hooks ? { hooks: toHooks(hooks) } : {}) };
  }

  get userFile() {
    return join(this.home, '.wave', 'settings.json');
  }
  get projectFile() {
    return join(this.workdir, '.wave', 'settings.json');
  }
  get localFile() {
    return join(this.workdir, '.wave', 'settings.local.json');
  }

  user(hooks?: HooksSpec, extra?: Record<string, unknown>): void {
    this.writeJson(this.userFile, this.settings(hooks, extra));
  }
  project(hooks?: HooksSpec, extra?: Record<string, unknown>): void {
    this.writeJson(this.projectFile, this.settings(hooks, extra));
  }
  local(hooks?: HooksSpec, extra?: Record<string, unknown>): void {
    this.writeJson(this.localFile, this.settings(hooks, extra));
  }
  /** Installs a plugin under ~/.wave/plugins/<name>; returns its root. */
  plugin(name: string, hooks: HooksSpec): string {
    const root = join(this.home, '.wave', 'plugins', name);
    this.writeJson(join(root, 'hooks', 'hooks.json'), { description: `the ${name} plugin`, hooks: toHooks(hooks) });
    return root;
  }

  manager(opts: Partial<HookManagerOptions> = {}): HookManager {
    return new HookManager({ workdir: this.workdir, homeDir: this.home, ...opts });
  }

  ctx(over: Partial<FireContext> = {}): FireContext {
    return {
      sessionId: 'sess-123',
      transcriptPath: join(this.home, '.wave', 'sessions', 'session_sess-123.json'),
      cwd: this.workdir,
      permissionMode: 'default',
      ...over,
    };
  }

  /** Fires an event with the event's sample input overlaid by `input`. */
  fire(event: HookEventName, input: Record<string, unknown> = {}, opts: { manager?: HookManager; ctx?: Partial<FireContext> } = {}): Promise<FireResult> {
    const m = opts.manager ?? this.manager();
    return m.fire(event, { ...sample(event), ...input } as never, this.ctx(opts.ctx));
  }
}

function sample(event: HookEventName): Record<string, unknown> {
  return structuredClone(EVENTS[event].sample) as Record<string, unknown>;
}

const tool = (tool_name: string, tool_input: Record<string, unknown> = { command: 'echo hi' }) => ({ tool_name, tool_input, tool_use_id: 'toolu_1' });

function parseEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

const runNames = (runs: HookRunRecord[]) => runs.map((r) => r.name);

// ----- exit codes (SPEC 4) -----------------------------------------------------------------------

describe.concurrent('exit code 2', () => {
  const cases: Array<[HookEventName, 'blocks' | 'user' | 'dropped']> = [
    ['PreToolUse', 'blocks'],
    ['UserPromptSubmit', 'blocks'],
    ['PermissionRequest', 'blocks'],
    ['PostToolUse', 'blocks'],
    ['PostToolUseFailure', 'blocks'],
    ['Stop', 'blocks'],
    ['SubagentStop', 'blocks'],
    ['SessionStart', 'user'],
    ['SubagentStart', 'user'],
    ['PostCompact', 'user'],
    ['PreCompact', 'dropped'],
    ['InstructionsLoaded', 'dropped'],
    ['WorktreeRemove', 'dropped'],
    ['SessionEnd', 'dropped'],
  ];

  it.for(cases)('%s: exit 2 with stderr → %s (JSON on stdout ignored)', async ([event, effect], { expect }) => {
    const sb = new Sandbox();
    const command = `${printJson({ continue: false, systemMessage: 'ignored', hookSpecificOutput: { hookEventName: event, additionalContext: 'ignored' } })}; echo 'no way' >&2; exit 2`;
    sb.project(on(event, command));
    const { decision, runs } = await sb.fire(event);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ exitCode: 2, outcome: 'blocking_error', stderr: 'no way', source: 'project', file: sb.projectFile });
    // JSON on stdout is ignored with exit 2.
    expect(decision).toMatchObject({ continue: true, systemMessage: null, additionalContext: null, instructions: null });
    if (effect === 'blocks') {
      expect(decision.blocked).toBe(true);
      expect(decision.reason).toBe('no way');
      expect(decision.blocks).toEqual([{ command, reason: 'no way', fromExitCode: true }]);
      expect(decision.userMessages).toEqual([]);
    } else if (effect === 'user') {
      expect(decision.blocked).toBe(false);
      expect(decision.userMessages).toEqual(['no way']);
    } else {
      expect(decision.blocked).toBe(false);
      expect(decision.reason).toBeNull();
      expect(decision.userMessages).toEqual([]);
    }
  });

  it.for(['PreToolUse', 'Stop', 'UserPromptSubmit'] as HookEventName[])('%s: exit 2 with empty stderr blocks with Claude Code\'s default reason', async (event, { expect }) => {
    const sb = new Sandbox();
    sb.user(on(event, 'echo stdout only; exit 2'));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]?.outcome).toBe('blocking_error');
    expect(decision.blocked).toBe(true);
    expect(decision.reason).toBe('No stderr output');
    expect(decision.blocks[0]?.command).toBe('echo stdout only; exit 2'); // the hook's name: it has no description
  });

  it('PreToolUse exit 2 ignores a permissionDecision printed on stdout', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', `${printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'x' } } })}; echo nope >&2; exit 2`));
    const { decision } = await sb.fire('PreToolUse');
    expect(decision).toMatchObject({ blocked: true, reason: 'nope', permissionDecision: null, updatedInput: null });
  });
});

describe.concurrent('other exit codes are non-blocking errors', () => {
  it.for(['PreToolUse', 'UserPromptSubmit', 'Stop', 'PostToolUse'] as HookEventName[])('%s: exit 1 → stderr for the user, nothing blocked', async (event, { expect }) => {
    const sb = new Sandbox();
    sb.user(on(event, 'echo some context; echo oops >&2; exit 1'));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]).toMatchObject({ exitCode: 1, outcome: 'non_blocking_error', stdout: 'some context', stderr: 'oops' });
    expect(runs[0]?.error).toBe('hook exited with code 1');
    expect(decision.blocked).toBe(false);
    expect(decision.additionalContext).toBeNull();
    expect(decision.userMessages).toHaveLength(1);
    expect(decision.userMessages[0]).toContain('oops');
  });

  it('command not found (127) says so', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'wave-no-such-command-xyz --flag'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]).toMatchObject({ exitCode: 127, outcome: 'non_blocking_error', error: 'command not found' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages[0]).toContain('command not found');
  });

  it('a hook killed by a signal is a non-blocking error', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'kill -KILL $$'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]).toMatchObject({ signal: 'SIGKILL', outcome: 'non_blocking_error', error: 'hook was killed by SIGKILL' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual(['hook was killed by SIGKILL']);
  });
});

// ----- exit 0: plain stdout (SPEC 4) ---------------------------------------------------------------

describe.concurrent('exit 0 with plain stdout', () => {
  it.for(['UserPromptSubmit', 'SessionStart'] as HookEventName[])('%s: stdout is context', async (event, { expect }) => {
    const sb = new Sandbox();
    sb.user(on(event, 'echo "  remember the milk  "'));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]).toMatchObject({ exitCode: 0, outcome: 'success', stdout: 'remember the milk', error: null });
    expect(decision.additionalContext).toBe('remember the milk');
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual([]);
  });

  it('PreCompact: stdout is summary instructions', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreCompact', 'echo keep the TODO list', 'echo and the file names'));
    const { decision } = await sb.fire('PreCompact');
    expect(decision.instructions).toBe('keep the TODO list\nand the file names');
    expect(decision.additionalContext).toBeNull();
  });

  it('WorktreeCreate: the first hook that exits 0 with a path supplies it; later hooks do not run', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('WorktreeCreate', 'echo cannot >&2; exit 1', 'true', `echo /tmp/wt/feature-x; ${sb.log('second')}`, sb.log('third')));
    const { decision, runs } = await sb.fire('WorktreeCreate', { name: 'feature-x' });
    expect(decision.worktreePath).toBe('/tmp/wt/feature-x');
    expect(runs).toHaveLength(3);
    expect(sb.lines('log')).toEqual(['second']);
    expect(decision.userMessages.join('\n')).toContain('cannot');
  });

  it('WorktreeCreate: no path when every hook fails or prints nothing', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('WorktreeCreate', 'exit 1', 'true'));
    const { decision, runs } = await sb.fire('WorktreeCreate');
    expect(runs).toHaveLength(2);
    expect(decision.worktreePath).toBeNull();
  });

  it.for(['Stop', 'PreToolUse', 'PostToolUse', 'SessionEnd'] as HookEventName[])('%s: plain stdout (`echo done`) is a quiet success, recorded only', async (event, { expect }) => {
    const sb = new Sandbox();
    sb.user(on(event, 'echo done'));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]).toMatchObject({ exitCode: 0, outcome: 'success', stdout: 'done', error: null });
    expect(decision).toMatchObject({
      blocked: false,
      reason: null,
      additionalContext: null,
      instructions: null,
      continue: true,
      systemMessage: null,
      userMessages: [],
      permissionDecision: null,
    });
  });
});

// ----- exit 0: JSON answers (SPEC 4) ---------------------------------------------------------------

describe.concurrent('exit 0 with a JSON answer', () => {
  it.for(['PreToolUse', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'SubagentStop'] as HookEventName[])(
    '%s: decision "block" + reason blocks',
    async (event, { expect }) => {
      const sb = new Sandbox();
      const command = printJson({ decision: 'block', reason: 'policy says no' });
      sb.user(on(event, command));
      const { decision, runs } = await sb.fire(event);
      expect(runs[0]?.outcome).toBe('success');
      expect(decision.blocked).toBe(true);
      expect(decision.reason).toBe('policy says no');
      expect(decision.blocks).toEqual([{ command, reason: 'policy says no', fromExitCode: false }]);
    },
  );

  it('decision "block" without a reason gets a default reason', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', printJson({ decision: 'block' })));
    const { decision } = await sb.fire('Stop');
    expect(decision.blocked).toBe(true);
    expect(decision.reason).toMatch(/^blocked by hook /);
  });

  it('continue:false + stopReason stops the agent, whatever else the answer says', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(
      on(
        'PreToolUse',
        printJson({
          continue: false,
          stopReason: 'halted by hook',
          systemMessage: 'sysmsg from hook',
          hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
        }),
      ),
    );
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]?.outcome).toBe('success');
    expect(decision.continue).toBe(false);
    expect(decision.stopReason).toBe('halted by hook');
    expect(decision.systemMessage).toBe('sysmsg from hook');
    expect(runs[0]?.decision).toContain('stop the agent: halted by hook');
  });

  it('systemMessage is a warning for the user (several joined)', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PostToolUse', printJson({ systemMessage: 'first warning' }), printJson({ systemMessage: 'second warning' })));
    const { decision } = await sb.fire('PostToolUse');
    expect(decision.systemMessage).toBe('first warning\nsecond warning');
    expect(decision.blocked).toBe(false);
    expect(decision.continue).toBe(true);
  });

  it.for(['allow', 'ask', 'deny'] as const)('PreToolUse permissionDecision %s with its reason', async (pd, { expect }) => {
    const sb = new Sandbox();
    sb.user(
      on('PreToolUse', printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: pd, permissionDecisionReason: `reason for ${pd}` } })),
    );
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]?.outcome).toBe('success');
    expect(decision.permissionDecision).toBe(pd);
    expect(decision.permissionDecisionReason).toBe(`reason for ${pd}`);
    expect(decision.blocked).toBe(false);
  });

  it('permissionDecision is ignored on events that do not take it', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PostToolUse', printJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } })));
    const { decision, runs } = await sb.fire('PostToolUse');
    expect(runs[0]?.outcome).toBe('success');
    expect(decision.permissionDecision).toBeNull();
  });

  it('PreToolUse updatedInput is handed to the next hook and returned', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(
      on(
        'PreToolUse',
        `${sb.dump('first.json')}; ${printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo rewritten' } } })}`,
        sb.dump('second.json'),
        `${printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'echo rewritten twice', timeout: 5 } } })}`,
        sb.dump('fourth.json'),
      ),
    );
    const { decision } = await sb.fire('PreToolUse', tool('Bash', { command: 'echo hi', description: 'Print hi' }));
    expect(sb.readJson('first.json').tool_input).toEqual({ command: 'echo hi', description: 'Print hi' });
    expect(sb.readJson('second.json').tool_input).toEqual({ command: 'echo rewritten' });
    expect(sb.readJson('second.json').tool_name).toBe('Bash');
    expect(sb.readJson('fourth.json').tool_input).toEqual({ command: 'echo rewritten twice', timeout: 5 });
    expect(decision.updatedInput).toEqual({ command: 'echo rewritten twice', timeout: 5 });
    expect(decision.permissionDecision).toBe('allow');
  });

  it('PermissionRequest decision.behavior allow', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PermissionRequest', printJson({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: { command: 'ls' } } } })));
    const { decision } = await sb.fire('PermissionRequest');
    expect(decision.permissionRequest).toEqual({ behavior: 'allow', updatedInput: { command: 'ls' } });
    expect(decision.blocked).toBe(false);
  });

  it.for([
    ['allow', 'deny'],
    ['deny', 'allow'],
  ] as const)('PermissionRequest %s then %s → deny wins', async (order, { expect }) => {
    const sb = new Sandbox();
    const answer = (b: 'allow' | 'deny') =>
      printJson({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: b === 'deny' ? { behavior: 'deny', message: 'not on Fridays' } : { behavior: 'allow' } } });
    sb.user(on('PermissionRequest', ...order.map(answer)));
    const { decision, runs } = await sb.fire('PermissionRequest');
    expect(runs).toHaveLength(2);
    expect(decision.permissionRequest).toEqual({ behavior: 'deny', message: 'not on Fridays' });
  });

  it('additionalContext of several hooks is joined with newlines in run order', async ({ expect }) => {
    const sb = new Sandbox();
    const ctxAnswer = (text: string) => printJson({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: text } });
    sb.user(on('UserPromptSubmit', ctxAnswer('from user A')));
    sb.project(on('UserPromptSubmit', 'echo plain from project B', 'true', ctxAnswer('from project C')));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs).toHaveLength(4);
    expect(decision.additionalContext).toBe('from user A\nplain from project B\nfrom project C');
  });

  it.for(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'SessionStart', 'SubagentStart'] as HookEventName[])(
    '%s: hookSpecificOutput.additionalContext is context',
    async (event, { expect }) => {
      const sb = new Sandbox();
      sb.user(on(event, printJson({ hookSpecificOutput: { hookEventName: event, additionalContext: `ctx for ${event}` } })));
      const { decision } = await sb.fire(event);
      expect(decision.additionalContext).toBe(`ctx for ${event}`);
    },
  );

  it(`injected context is capped at ${CONTEXT_CAP} characters per event`, async ({ expect }) => {
    const sb = new Sandbox();
    const big = (ch: string) =>
      `printf '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"%s"}}' "$(head -c 6000 /dev/zero | tr '\\0' ${ch})"`;
    sb.user(on('UserPromptSubmit', big('a'), big('b')));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs.map((r) => r.outcome)).toEqual(['success', 'success']);
    const ctx = decision.additionalContext ?? '';
    // The hooks' text (12,001 characters joined) is cut so that text plus note fit in the cap.
    expect(ctx.length).toBe(CONTEXT_CAP);
    const note = /\n… \[hook context truncated: (\d+) more characters\]$/.exec(ctx);
    expect(note).not.toBeNull();
    const kept = ctx.slice(0, ctx.length - note![0].length);
    expect(kept).toBe(`${'a'.repeat(6000)}\n${'b'.repeat(kept.length - 6001)}`);
    expect(kept.length + Number(note![1])).toBe(12_001);
  });

  it('stdout starting with "{" that is not JSON is a non-blocking error saying so', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', `echo '{"decision": "block", oops'`, sb.log('next-ran')));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]?.error).toMatch(/not valid JSON/);
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toHaveLength(1);
    expect(decision.userMessages[0]).toMatch(/not valid JSON/);
    expect(sb.lines('log')).toEqual(['next-ran']);
  });

  it.for([
    [{ continue: 'no' }, 'continue'],
    [{ decision: 'maybe' }, 'decision'],
    [{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'perhaps' } }, 'permissionDecision'],
    [{ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: 'rm -rf /' } }, 'updatedInput'],
  ] as const)('a wrongly typed answer %j is a non-blocking error naming %s', async ([answer, field], { expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', printJson(answer)));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]?.error).toContain(field);
    expect(decision.blocked).toBe(false);
    expect(decision.continue).toBe(true);
    expect(decision.permissionDecision).toBeNull();
    expect(decision.updatedInput).toBeNull();
    expect(decision.userMessages.join('\n')).toContain(field);
  });

  it('hookSpecificOutput.hookEventName for another event is a non-blocking error', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', printJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } })));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]?.error).toContain('PostToolUse');
    expect(runs[0]?.error).toContain('PreToolUse');
    expect(decision.permissionDecision).toBeNull();
    expect(decision.userMessages).toHaveLength(1);
  });
});

// ----- combination (SPEC 4) ---------------------------------------------------------------------

describe.concurrent('combining several hooks', () => {
  const pd = (d: string) => printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: d, permissionDecisionReason: `${d} reason` } });

  it('any block blocks (exit 2 and JSON, reasons in run order)', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'true', 'echo first >&2; exit 2', pd('allow'), printJson({ decision: 'block', reason: 'second' }), 'echo fine'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs).toHaveLength(5);
    expect(decision.blocked).toBe(true);
    expect(decision.reason).toBe('first\nsecond');
    expect(decision.blocks.map((b) => b.fromExitCode)).toEqual([true, false]);
  });

  const orders: Array<[string[], string]> = [
    [['allow', 'ask'], 'ask'],
    [['ask', 'allow'], 'ask'],
    [['allow', 'deny'], 'deny'],
    [['deny', 'allow'], 'deny'],
    [['ask', 'deny'], 'deny'],
    [['deny', 'ask'], 'deny'],
    [['allow', 'ask', 'deny', 'allow'], 'deny'],
    [['allow', 'allow'], 'allow'],
  ];
  it.for(orders)('permission %j → %s', async ([seq, expected], { expect }) => {
    const sb = new Sandbox();
    // Spread over sources too: order in the run must not matter.
    sb.user(on('PreToolUse', pd(seq[0]!)));
    sb.project(on('PreToolUse', ...seq.slice(1).map(pd)));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs).toHaveLength(seq.length);
    expect(decision.permissionDecision).toBe(expected);
    expect(decision.permissionDecisionReason).toBe(`${expected} reason`);
  });

  it.for([0, 1, 2])('continue:false from hook #%i wins over blocks and allows', async (at, { expect }) => {
    const sb = new Sandbox();
    const hooks = [pd('allow'), 'echo blocked >&2; exit 2', pd('deny')];
    hooks.splice(at, 0, printJson({ continue: false, stopReason: 'enough' }));
    sb.user(on('PreToolUse', ...hooks));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs).toHaveLength(4);
    expect(decision.continue).toBe(false);
    expect(decision.stopReason).toBe('enough');
  });

  it('a failing hook does not stop the next one', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', 'exit 1', 'exit 3', 'wave-no-such-command-xyz', 'kill -TERM $$', 'echo still here'));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs.map((r) => r.outcome)).toEqual(['non_blocking_error', 'non_blocking_error', 'non_blocking_error', 'non_blocking_error', 'success']);
    expect(decision.additionalContext).toBe('still here');
    expect(decision.userMessages).toHaveLength(4);
  });
});

// ----- run order, matchers, stdin, env --------------------------------------------------------------

describe.concurrent('run order', () => {
  it('programmatic, plugin, user, project, project local, then file order', async ({ expect }) => {
    const sb = new Sandbox();
    sb.plugin('b-plugin', on('Stop', sb.log('plugin-b')));
    sb.plugin('a-plugin', on('Stop', sb.log('plugin-a1'), sb.log('plugin-a2')));
    sb.user({ Stop: [{ hooks: [sb.log('user-1')] }, { hooks: [sb.log('user-2')] }] });
    sb.project({ Stop: [{ hooks: [sb.log('project-1'), sb.log('project-2')] }, { hooks: [sb.log('project-3')] }] });
    sb.local(on('Stop', sb.log('local-1'), sb.log('local-2')));
    const m = sb.manager({ hooks: toHooks(on('Stop', sb.log('prog-1'), sb.log('prog-2'))) });
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    const expected = ['prog-1', 'prog-2', 'plugin-a1', 'plugin-a2', 'plugin-b', 'user-1', 'user-2', 'project-1', 'project-2', 'project-3', 'local-1', 'local-2'];
    expect(sb.lines('log')).toEqual(expected);
    expect(runs.map((r) => r.source)).toEqual([
      'programmatic',
      'programmatic',
      'plugin',
      'plugin',
      'plugin',
      'user',
      'user',
      'project',
      'project',
      'project',
      'projectLocal',
      'projectLocal',
    ]);
    expect(runs.every((r) => r.outcome === 'success')).toBe(true);
  });
});

describe.concurrent('matchers', () => {
  const named = (description: string, matcher?: string): Group => ({ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ command: `true ${description}`, description }] }); // each its own command: identical hooks run once

  it.for([
    ['Bash', ['bash', 'star', 'none', 'bash-glob']],
    ['Write', ['edit-write', 'star', 'none']],
    ['Edit', ['edit-write', 'star', 'none', 'edit']],
    ['MultiEdit', ['star', 'none']],
    ['mcp__github__create_issue', ['star', 'none', 'mcp']],
    ['bash', ['bash', 'star', 'none', 'bash-glob']],
  ] as const)('PreToolUse tool_name %s runs %j', async ([toolName, expected], { expect }) => {
    const sb = new Sandbox();
    sb.user({
      PreToolUse: [
        named('bash', 'Bash'),
        named('edit-write', 'Edit|Write'),
        named('star', '*'),
        named('none'),
        named('mcp', 'mcp__.*'),
        named('edit', 'Edit'),
        named('bash-glob', 'Bas?'),
      ],
    });
    const { runs } = await sb.fire('PreToolUse', tool(toolName));
    expect(runNames(runs)).toEqual(expected);
  });

  it.for(['PostToolUse', 'PostToolUseFailure', 'PermissionRequest'] as HookEventName[])('%s matches on tool_name', async (event, { expect }) => {
    const sb = new Sandbox();
    sb.user({ [event]: [named('read', 'Read'), named('bash', 'Bash')] });
    const { runs } = await sb.fire(event, tool('Read', { file_path: '/x' }));
    expect(runNames(runs)).toEqual(['read']);
  });

  it('SessionStart matches on source', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ SessionStart: [named('startup', 'startup'), named('resume', 'resume'), named('both', 'resume|compact')] });
    expect(runNames((await sb.fire('SessionStart', { source: 'startup' })).runs)).toEqual(['startup']);
    expect(runNames((await sb.fire('SessionStart', { source: 'resume' })).runs)).toEqual(['resume', 'both']);
    expect(runNames((await sb.fire('SessionStart', { source: 'compact' })).runs)).toEqual(['both']);
  });

  it('PreCompact matches on trigger', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ PreCompact: [named('auto', 'auto'), named('manual', 'manual')] });
    expect(runNames((await sb.fire('PreCompact', { trigger: 'auto' })).runs)).toEqual(['auto']);
    expect(runNames((await sb.fire('PreCompact', { trigger: 'manual' })).runs)).toEqual(['manual']);
  });

  it('SubagentStart matches on agent_type', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ SubagentStart: [named('explore', 'Explore'), named('general', 'general-*')] });
    expect(runNames((await sb.fire('SubagentStart', { agent_type: 'general-purpose' })).runs)).toEqual(['general']);
  });

  it('a matcher on a matcher-less event (Stop) is ignored: the hook still runs', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ Stop: [named('stop-bash', 'Bash'), named('stop-plain')] });
    const m = sb.manager();
    expect(m.snapshot().problems.some((p) => p.severity === 'warning' && p.path === 'hooks.Stop[0].matcher')).toBe(true);
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runNames(runs)).toEqual(['stop-bash', 'stop-plain']);
    expect(runs[0]?.matcher).toBeNull();
  });
});

describe.concurrent('stdin payload', () => {
  it('PreToolUse: common fields first, then the tool fields; one JSON line then EOF', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', sb.dump('in.json')));
    const input = tool('Bash', { command: 'echo hi', description: 'Print hi' });
    await sb.fire('PreToolUse', input, { ctx: { permissionMode: 'acceptEdits', promptId: 'prompt-9' } });
    const raw = sb.read('in.json');
    expect(raw.endsWith('\n')).toBe(true);
    expect(raw.trimEnd().includes('\n')).toBe(false);
    const p = JSON.parse(raw) as Record<string, unknown>;
    expect(Object.keys(p)).toEqual(['session_id', 'transcript_path', 'cwd', 'prompt_id', 'permission_mode', 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id']);
    expect(p).toEqual({
      session_id: 'sess-123',
      transcript_path: join(sb.home, '.wave', 'sessions', 'session_sess-123.json'),
      cwd: sb.workdir,
      prompt_id: 'prompt-9',
      permission_mode: 'acceptEdits',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'echo hi', description: 'Print hi' },
      tool_use_id: 'toolu_1',
    });
  });

  it('UserPromptSubmit has both prompt and user_prompt', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', sb.dump('in.json')));
    await sb.fire('UserPromptSubmit', { prompt: 'please say "hi" ünïcode' });
    const p = sb.readJson('in.json');
    expect(p).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'please say "hi" ünïcode', user_prompt: 'please say "hi" ünïcode', permission_mode: 'default' });
  });

  it('PostToolUse and PostToolUseFailure carry tool_response / error', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ ...on('PostToolUse', sb.dump('post.json')), ...on('PostToolUseFailure', sb.dump('fail.json')) });
    const response = { stdout: 'hi', stderr: '', interrupted: false, success: true };
    await sb.fire('PostToolUse', { ...tool('Bash'), tool_response: response, duration_ms: 31 });
    await sb.fire('PostToolUseFailure', { ...tool('Bash'), error: 'Exit code 3\nout' });
    expect(sb.readJson('post.json')).toMatchObject({ tool_name: 'Bash', tool_response: response, duration_ms: 31 });
    expect(sb.readJson('fail.json')).toMatchObject({ tool_name: 'Bash', error: 'Exit code 3\nout', is_interrupt: false });
  });

  it('Stop: background_tasks items are cut at 1000 characters; session_crons; last_assistant_message trimmed', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.dump('in.json')));
    const longCommand = `echo ${'x'.repeat(1495)}`; // 1500 chars
    const longDescription = 'd'.repeat(1200);
    await sb.fire('Stop', {
      stop_hook_active: true,
      last_assistant_message: '  all done\n',
      background_tasks: [
        { id: 'shell_1', type: 'shell', status: 'running', description: longDescription, command: longCommand },
        { id: 'agent_1', type: 'subagent', status: 'running', description: 'look around', agent_type: 'Explore' },
        { id: 'wf_1', type: 'workflow', status: 'running', description: 'release', name: 'release.md' },
      ],
      session_crons: [{ id: 'cron_1', schedule: '*/5 * * * *', recurring: true, prompt: 'check the build' }],
    });
    const p = sb.readJson('in.json');
    expect(Object.keys(p).slice(0, 5)).toEqual(['session_id', 'transcript_path', 'cwd', 'permission_mode', 'hook_event_name']);
    expect(p.stop_hook_active).toBe(true);
    expect(p.last_assistant_message).toBe('all done');
    const tasks = p.background_tasks as Array<Record<string, unknown>>;
    expect(tasks[0]).toEqual({
      id: 'shell_1',
      type: 'shell',
      status: 'running',
      description: `${'d'.repeat(1000)}… [+200 chars]`,
      command: `${longCommand.slice(0, 1000)}… [+500 chars]`,
    });
    expect(tasks[1]).toEqual({ id: 'agent_1', type: 'subagent', status: 'running', description: 'look around', agent_type: 'Explore' });
    expect(tasks[2]).toEqual({ id: 'wf_1', type: 'workflow', status: 'running', description: 'release', name: 'release.md' });
    expect(p.session_crons).toEqual([{ id: 'cron_1', schedule: '*/5 * * * *', recurring: true, prompt: 'check the build' }]);
  });

  it('Stop: last_assistant_message omitted when empty; arrays always present', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.dump('in.json')));
    await sb.fire('Stop', { stop_hook_active: false, last_assistant_message: '  \n ', background_tasks: [], session_crons: [] });
    const p = sb.readJson('in.json');
    expect('last_assistant_message' in p).toBe(false);
    expect(p.background_tasks).toEqual([]);
    expect(p.session_crons).toEqual([]);
    expect(p.stop_hook_active).toBe(false);
  });

  it('inside a subagent: subagent_type, agent_type and agent_id', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', sb.dump('in.json')));
    await sb.fire('PreToolUse', tool('Read', { file_path: '/a' }), { ctx: { subagent: { type: 'Explore', id: 'agent_42' } } });
    expect(sb.readJson('in.json')).toMatchObject({ subagent_type: 'Explore', agent_type: 'Explore', agent_id: 'agent_42', tool_name: 'Read' });
  });

  it('outside a subagent there are no subagent fields', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', sb.dump('in.json')));
    await sb.fire('PreToolUse');
    const p = sb.readJson('in.json');
    expect('subagent_type' in p || 'agent_type' in p || 'agent_id' in p).toBe(false);
  });

  it('SessionStart, PreCompact, PostCompact, SessionEnd, WorktreeCreate fields', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({
      ...on('SessionStart', sb.dump('ss.json')),
      ...on('PreCompact', sb.dump('pc.json')),
      ...on('PostCompact', sb.dump('poc.json')),
      ...on('SessionEnd', sb.dump('se.json')),
      ...on('WorktreeCreate', sb.dump('wc.json')),
    });
    await sb.fire('SessionStart', { source: 'resume', model: 'm-1' });
    await sb.fire('PreCompact', { trigger: 'auto', compact_instructions: 'keep tests' });
    await sb.fire('PostCompact', { trigger: 'auto', compact_summary: 'sum' });
    await sb.fire('SessionEnd', { reason: 'clear' });
    await sb.fire('WorktreeCreate', { name: 'wt-1' });
    expect(sb.readJson('ss.json')).toMatchObject({ hook_event_name: 'SessionStart', source: 'resume', model: 'm-1' });
    expect(sb.readJson('pc.json')).toMatchObject({ trigger: 'auto', compact_instructions: 'keep tests', custom_instructions: 'keep tests' });
    expect(sb.readJson('poc.json')).toMatchObject({ trigger: 'auto', compact_summary: 'sum' });
    expect(sb.readJson('se.json')).toMatchObject({ reason: 'clear' });
    expect(sb.readJson('wc.json')).toMatchObject({ name: 'wt-1' });
  });

  it('a hook that never reads stdin is fine', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', 'echo ignoring stdin'));
    const { decision, runs } = await sb.fire('UserPromptSubmit', { prompt: 'p'.repeat(300_000) });
    expect(runs[0]?.outcome).toBe('success');
    expect(decision.additionalContext).toBe('ignoring stdin');
  });
});

describe.concurrent('environment and working directory', () => {
  it('HOOK_EVENT, HOOK_TOOL_NAME, project dir, session id, settings env; cwd = ctx.cwd', async ({ expect }) => {
    const sb = new Sandbox();
    const sub = join(sb.workdir, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    sb.user(on('PreToolUse', `env > ${sq(sb.path('env.txt'))}; pwd > ${sq(sb.path('pwd.txt'))}`), { env: { FROM_USER: 'u', SHARED: 'user' } });
    sb.project(undefined, { env: { FROM_PROJECT: 'p', SHARED: 'project' } });
    await sb.fire('PreToolUse', tool('Edit', { file_path: '/x' }), { ctx: { cwd: sub, sessionId: 'sess-env' } });
    const env = parseEnv(sb.read('env.txt'));
    expect(env).toMatchObject({
      HOOK_EVENT: 'PreToolUse',
      HOOK_TOOL_NAME: 'Edit',
      WAVE_PROJECT_DIR: sb.workdir,
      CLAUDE_PROJECT_DIR: sb.workdir,
      WAVE_SESSION_ID: 'sess-env',
      FROM_USER: 'u',
      FROM_PROJECT: 'p',
      SHARED: 'project',
    });
    expect(env.PATH).toBe(process.env.PATH);
    expect('WAVE_PLUGIN_ROOT' in env).toBe(false);
    expect(sb.read('pwd.txt').trim()).toBe(sub);
  });

  it('HOOK_TOOL_NAME is empty for events without a tool; baseEnv replaces process.env', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', `env > ${sq(sb.path('env.txt'))}`));
    const m = sb.manager({ baseEnv: { PATH: process.env.PATH, ONLY_IN_BASE: 'yes' } });
    await sb.fire('Stop', {}, { manager: m });
    const env = parseEnv(sb.read('env.txt'));
    expect(env.HOOK_EVENT).toBe('Stop');
    expect(env.HOOK_TOOL_NAME).toBe('');
    expect(env.ONLY_IN_BASE).toBe('yes');
  });

  it('plugin hooks get WAVE_PLUGIN_ROOT / CLAUDE_PLUGIN_ROOT, and ${…PLUGIN_ROOT} in the command is replaced', async ({ expect }) => {
    const sb = new Sandbox();
    const root = join(sb.home, '.wave', 'plugins', 'fmt');
    sb.script(
      'home/.wave/plugins/fmt/scripts/hook.sh',
      `printf '%s\\n' "$1" "$2" "$WAVE_PLUGIN_ROOT" "$CLAUDE_PLUGIN_ROOT" > ${sq(sb.path('plugin.txt'))}`,
    );
    // Single quotes: sh would not expand the variables, so only the engine's substitution can.
    expect(sb.plugin('fmt', { PostToolUse: [{ matcher: 'Edit|Write', hooks: ["sh '${CLAUDE_PLUGIN_ROOT}/scripts/hook.sh' '${WAVE_PLUGIN_ROOT}' '${CLAUDE_PLUGIN_ROOT}'"] }] })).toBe(root);
    const { runs } = await sb.fire('PostToolUse', tool('Write', { file_path: '/x', content: '' }));
    expect(runs[0]).toMatchObject({ source: 'plugin', outcome: 'success', file: join(root, 'hooks', 'hooks.json') });
    expect(runs[0]?.command).toBe(`sh '${root}/scripts/hook.sh' '${root}' '${root}'`);
    expect(sb.read('plugin.txt').split('\n').slice(0, 4)).toEqual([root, root, root, root]);
  });
});

// ----- async, timeout, budget -------------------------------------------------------------------

describe.concurrent('async hooks, timeouts and the turn budget', () => {
  it('an async hook runs in the background and never affects the decision', async ({ expect }) => {
    const sb = new Sandbox();
    const asyncRuns: HookRunRecord[] = [];
    sb.user(
      on(
        'UserPromptSubmit',
        { command: `sleep 1; echo async context; echo async blocked >&2; ${sb.log('async-done')}; exit 2`, async: true, description: 'slow async' },
        'echo sync context',
      ),
    );
    const m = sb.manager({ onRecord: (r) => r.async && asyncRuns.push(r) });
    const t0 = Date.now();
    const { decision, runs } = await sb.fire('UserPromptSubmit', {}, { manager: m });
    // Not waited for: when the event returns, the async hook (sleep 1) has not finished.
    expect(asyncRuns).toEqual([]);
    expect(sb.lines('log')).toEqual([]);
    expect(runs.map((r) => r.name)).toEqual(['echo sync context']);
    expect(decision).toMatchObject({ blocked: false, additionalContext: 'sync context', userMessages: [] });
    await m.waitForAsync();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(sb.lines('log')).toEqual(['async-done']);
    expect(asyncRuns).toHaveLength(1);
    expect(asyncRuns[0]).toMatchObject({ async: true, name: 'slow async', exitCode: 2, stdout: 'async context', stderr: 'async blocked', event: 'UserPromptSubmit' });
    expect(asyncRuns[0]?.decision).toMatch(/^async: /);
    // The decision already returned stays as it was.
    expect(decision.blocked).toBe(false);
  });

  it('one record channel gets the sync and the async records; an async hook that prints context injects nothing', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('SessionStart', { command: 'echo from async', async: true }, 'echo from sync'));
    const seen: HookRunRecord[] = [];
    const m = sb.manager({ onRecord: (r) => seen.push(r) });
    const { decision, runs } = await sb.fire('SessionStart', {}, { manager: m });
    expect(runs.map((r) => r.stdout)).toEqual(['from sync']);
    expect(decision.additionalContext).toBe('from sync');
    await m.waitForAsync();
    // In the order they finished: the async one may well end first.
    expect(seen.map((r) => [r.async, r.stdout, r.verdict]).sort()).toEqual([
      [false, 'from sync', 'context'],
      [true, 'from async', 'ok'],
    ]);
  });

  it('an async hook still has its timeout', async ({ expect }) => {
    const sb = new Sandbox();
    const asyncRuns: HookRunRecord[] = [];
    sb.user(on('PostToolUse', { command: 'sleep 10', async: true, timeout: 1 }));
    const m = sb.manager({ onRecord: (r) => r.async && asyncRuns.push(r) });
    const t0 = Date.now();
    const { runs } = await sb.fire('PostToolUse', {}, { manager: m });
    expect(runs).toEqual([]);
    await m.waitForAsync();
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(asyncRuns[0]).toMatchObject({ async: true, outcome: 'timeout', timedOut: true, error: 'hook timed out after 1 s' });
  });

  it('a hook over its timeout is killed: outcome timeout, non-blocking, "hook timed out after 1 s"', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', { command: 'sleep 10; echo late >&2; exit 2', timeout: 1 }, 'echo after'));
    const t0 = Date.now();
    const { decision, runs } = await sb.fire('PreToolUse');
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(5000);
    expect(runs[0]).toMatchObject({ outcome: 'timeout', timedOut: true, error: 'hook timed out after 1 s' });
    expect(runs[1]?.outcome).toBe('success');
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual(['hook timed out after 1 s']);
  });

  it('the turn budget cuts the second hook and skips the third (PostToolUse: nothing to deny)', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(
      on(
        'PostToolUse',
        { command: `sleep 1; ${sb.log('one')}`, description: 'one' },
        { command: `sleep 1; ${sb.log('two')}`, description: 'two' },
        { command: `sleep 1; ${sb.log('three')}`, description: 'three' },
      ),
    );
    const budget = new TurnBudget(1.5);
    const { decision, runs } = await sb.fire('PostToolUse', {}, { ctx: { budget } });
    expect(runs.map((r) => [r.name, r.outcome])).toEqual([
      ['one', 'success'],
      ['two', 'timeout'],
      ['three', 'skipped'],
    ]);
    expect(runs[1]?.error).toMatch(/^hook timed out after 0\.\d s/);
    expect(runs[1]?.error).toMatch(/budget/);
    expect(runs[1]!.durationMs).toBeLessThan(1000);
    expect(runs[2]).toMatchObject({ exitCode: null, durationMs: 0 });
    expect(sb.lines('log')).toEqual(['one']);
    expect(budget.exhausted).toBe(true);
    expect(decision.budgetExhausted).toBe(true);
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages.some((m) => /budget/.test(m) && /1\.5 s/.test(m) && /skipped/.test(m))).toBe(true);
    // The same spent budget skips the hooks of the next event of the turn.
    const next = await sb.fire('PostToolUse', {}, { ctx: { budget } });
    expect(next.runs.map((r) => r.outcome)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(next.decision.budgetExhausted).toBe(true);
  });

  it('PreToolUse: a guard the budget cut or skipped denies the call, saying why (the budget never turns into an off switch)', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', { command: 'sleep 5', description: 'cut' }, { command: 'true', description: 'skipped' }));
    const { decision, runs } = await sb.fire('PreToolUse', {}, { ctx: { budget: new TurnBudget(0.5) } });
    expect(runs.map((r) => [r.name, r.verdict])).toEqual([
      ['cut', 'blocked'],
      ['skipped', 'blocked'],
    ]);
    expect(decision.blocked).toBe(true);
    expect(decision.reason).toMatch(/^The PreToolUse hook "cut" gave no answer: hook timed out after 0\.\d s \(cut to what was left of the turn’s hook budget\); the call is denied\.\n/);
    expect(decision.reason).toContain('The PreToolUse hook "skipped" did not run: the turn’s hook budget (0.5 s) is spent; the call is denied');
    expect(decision.budgetExhausted).toBe(true);
  });

  it('newTurnBudget follows hookTurnBudgetSeconds', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    expect(m.newTurnBudget().totalSeconds).toBe(600);
    sb.user(undefined, { hookTurnBudgetSeconds: 42 });
    expect(m.newTurnBudget().totalSeconds).toBe(600); // the session's snapshot, until applied
    expect(m.config.review()).toMatchObject([{ keys: ['hookTurnBudgetSeconds'] }]);
    m.config.apply();
    expect(m.newTurnBudget().totalSeconds).toBe(42);
  });
});

// ----- snapshot, trust, robustness, hasHooks -------------------------------------------------------

describe.concurrent('snapshot and review', () => {
  it('a changed settings file does not change what runs: the review lists the change; apply takes it', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.log('old')));
    const m = sb.manager();
    await sb.fire('Stop', {}, { manager: m });
    sb.user(on('Stop', sb.log('new-hook'), sb.log('another')));
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['old', 'old']);
    const [change] = m.config.review();
    expect(change).toMatchObject({ source: 'user', configSource: 'user_settings', path: sb.userFile, removed: [], keys: [] });
    expect(change!.changed.map((c) => [c.before.command, c.after.command])).toEqual([[sb.log('old'), sb.log('new-hook')]]);
    expect(change!.added.map((a) => a.command)).toEqual([sb.log('another')]);
    expect(m.config.pending().size).toBe(2);
    m.config.apply();
    expect(m.config.review()).toEqual([]);
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['old', 'old', 'new-hook', 'another']);
  });

  it('a .wave/ folder created after the session started is a change like any other: pending until applied', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    expect(m.hasHooks('UserPromptSubmit')).toBe(false);
    expect(existsSync(join(sb.workdir, '.wave'))).toBe(false);
    sb.project(on('UserPromptSubmit', 'echo late project'));
    expect(m.hasHooks('UserPromptSubmit')).toBe(false);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).runs).toEqual([]);
    expect(m.config.review().map((c) => [c.source, c.added.length])).toEqual([['project', 1]]);
    m.config.apply(m.config.review()[0]!.path);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('late project');
    sb.local(on('UserPromptSubmit', 'echo late local'));
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('late project');
    m.config.apply();
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('late project\nlate local');
  });

  it('a plugin installed after start is pending until applied', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    sb.plugin('late', on('Stop', 'true'));
    expect(m.hasHooks('Stop')).toBe(false);
    expect(m.config.review().map((c) => [c.source, c.configSource, c.added.length])).toEqual([['plugin', 'plugin', 1]]);
    m.config.apply();
    expect(m.hasHooks('Stop')).toBe(true);
  });

  it.for(['user', 'project'] as const)('disableAllHooks: true written into %s settings during the session does not switch the guards off until applied', async (where, { expect }) => {
    const sb = new Sandbox();
    sb.plugin('p', on('Stop', sb.log('plugin')));
    sb.user(on('Stop', sb.log('user')));
    sb.project(on('Stop', sb.log('project')));
    const m = sb.manager({ hooks: toHooks(on('Stop', sb.log('prog'))) });
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['prog', 'plugin', 'user', 'project']);
    if (where === 'user') sb.user(on('Stop', sb.log('user')), { disableAllHooks: true });
    else sb.project(on('Stop', sb.log('project')), { disableAllHooks: true });
    expect(m.hasHooks('Stop')).toBe(true);
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['prog', 'plugin', 'user', 'project', 'prog', 'plugin', 'user', 'project']);
    expect(m.config.review()).toMatchObject([{ keys: ['disableAllHooks'], disableAllHooks: true, added: [], removed: [] }]);
    m.config.apply();
    expect(m.hasHooks('Stop')).toBe(false);
    expect((await sb.fire('Stop', {}, { manager: m })).runs).toEqual([]);
  });

  it('disableAllHooks set when the session starts turns every hook off', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.log('user')), { disableAllHooks: true });
    sb.project(on('Stop', sb.log('project')));
    const m = sb.manager();
    expect(m.hasHooks('Stop')).toBe(false);
    expect(m.snapshot().settings.disabledBy).toBe(sb.userFile);
  });

  it('ConfigChange fires for each changed file with source and file_path; exit 2 keeps the change from being offered', async ({ expect }) => {
    const sb = new Sandbox();
    const refuseProject = `cat > ${sq(sb.path('cc.json'))}; if grep -q project_settings ${sq(sb.path('cc.json'))}; then echo 'project settings are locked' >&2; exit 2; fi`;
    sb.user(on('ConfigChange', `${refuseProject}; cat ${sq(sb.path('cc.json'))} >> ${sq(sb.path('cc.log'))}; echo >> ${sq(sb.path('cc.log'))}`));
    const notices: unknown[] = [];
    const m = sb.manager({ onConfigChange: (changes) => notices.push(...changes) });
    sb.project(on('Stop', 'true'));
    await sb.fire('Stop', {}, { manager: m });
    expect(notices).toEqual([{ path: sb.projectFile, source: 'project', refused: 'project settings are locked' }]);
    expect(m.config.review()).toEqual([]);
    expect(m.config.changes()).toHaveLength(1); // still different on disk, just not offered
    sb.local(on('Stop', 'true'));
    await sb.fire('Stop', {}, { manager: m });
    expect(notices).toHaveLength(2);
    expect(m.config.review().map((c) => c.source)).toEqual(['projectLocal']);
    const input = JSON.parse(sb.read('cc.json')) as Record<string, unknown>;
    expect(input).toMatchObject({ hook_event_name: 'ConfigChange', source: 'local_settings', file_path: sb.localFile });
  });

  it('a hook deleted through the settings page stops at once while other pending changes stay pending; dismiss hides a change until the file changes again', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', sb.log('keep'), sb.log('delete-me')));
    const m = sb.manager();
    const deleted = m.snapshot().hooks[1]!;
    sb.user(on('Stop', sb.log('keep'), sb.log('agent-added')));
    m.config.forgetHook(sb.userFile, hookKey(deleted));
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['keep']);
    expect(m.config.review().map((c) => c.added.map((a) => a.command))).toEqual([[sb.log('agent-added')]]);
    m.config.dismiss();
    expect(m.config.review()).toEqual([]);
    sb.user(on('Stop', sb.log('keep'), sb.log('agent-added'), sb.log('third')));
    expect(m.config.review().map((c) => c.added.length)).toEqual([2]);
  });
});

describe.concurrent('trust', () => {
  it('untrusted: project and local hooks do not run, user hooks do, project env is not applied', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('Stop', `${sb.log('user')}; env > ${sq(sb.path('env.txt'))}`), { env: { FROM_USER: 'u' } });
    sb.project(on('Stop', sb.log('project')), { env: { FROM_PROJECT: 'p', FROM_USER: 'overridden' } });
    sb.local(on('Stop', sb.log('local')), { env: { FROM_LOCAL: 'l' } });
    const m = sb.manager({ trustProject: false });
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runs.map((r) => r.source)).toEqual(['user']);
    expect(sb.lines('log')).toEqual(['user']);
    const env = parseEnv(sb.read('env.txt'));
    expect(env.FROM_USER).toBe('u');
    expect('FROM_PROJECT' in env).toBe(false);
    expect('FROM_LOCAL' in env).toBe(false);
    expect(m.snapshot().untrustedHooks.map((h) => h.source)).toEqual(['project', 'projectLocal']);
  });

  it('untrusted: hasHooks ignores project hooks; trusting later (function) runs them', async ({ expect }) => {
    const sb = new Sandbox();
    sb.project(on('UserPromptSubmit', 'echo project context'));
    let trusted = false;
    const m = sb.manager({ trustProject: () => trusted });
    expect(m.hasHooks('UserPromptSubmit')).toBe(false);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).runs).toEqual([]);
    trusted = true;
    expect(m.hasHooks('UserPromptSubmit')).toBe(true);
    expect((await sb.fire('UserPromptSubmit', {}, { manager: m })).decision.additionalContext).toBe('project context');
  });
});

describe.concurrent('robustness', () => {
  it('a hook that cannot be started (missing cwd) does not throw out of fire', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('PreToolUse', 'echo never'));
    const { decision, runs } = await sb.fire('PreToolUse', {}, { ctx: { cwd: join(sb.root, 'no', 'such', 'dir') } });
    expect(runs).toHaveLength(1);
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]?.error).toMatch(/could not be started/);
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toHaveLength(1);
  });

  it('a hook flooding stdout and stderr is capped and does not throw', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user(on('UserPromptSubmit', 'head -c 300000 /dev/zero | tr "\\0" x; head -c 300000 /dev/zero | tr "\\0" y >&2; exit 1'));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs[0]?.outcome).toBe('non_blocking_error');
    expect(runs[0]!.stdout.length).toBeLessThan(70 * 1024);
    expect(runs[0]!.stdout).toMatch(/truncated/);
    expect(decision.blocked).toBe(false);
  });

  it('an invalid settings file contributes nothing and does not throw', async ({ expect }) => {
    const sb = new Sandbox();
    mkdirSync(dirname(sb.projectFile), { recursive: true });
    writeFileSync(sb.projectFile, '{ "hooks": { "Stop": [ }');
    sb.user(on('Stop', sb.log('user')));
    const m = sb.manager();
    const { runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runs.map((r) => r.source)).toEqual(['user']);
    const problem = m.snapshot().problems.find((p) => p.file === sb.projectFile);
    expect(problem).toMatchObject({ severity: 'error', line: 1 });
    expect(problem?.message).toMatch(/not valid JSON/);
  });

  it('a bad entry is dropped alone; the rest of the file still loads', async ({ expect }) => {
    const sb = new Sandbox();
    sb.user({ Stop: [{ hooks: [sb.log('good-1'), { command: '' }, { command: sb.log('good-2'), timeout: -1 }, sb.log('good-3')] }] }, { env: { KEPT: 'yes' } });
    const m = sb.manager();
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['good-1', 'good-3']);
    expect(m.snapshot().settings.env.KEPT).toBe('yes');
    expect(m.snapshot().problems.map((p) => p.path)).toEqual(['hooks.Stop[0].hooks[1].command', 'hooks.Stop[0].hooks[2].timeout']);
  });
});

describe.concurrent('hasHooks and programmatic hooks', () => {
  it('programmatic Stop `echo done` (seed acceptance): hasHooks("Stop") true, runs as a quiet success', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } });
    expect(m.hasHooks('Stop')).toBe(true);
    expect(m.hasHooks('PreToolUse')).toBe(false);
    const { decision, runs } = await sb.fire('Stop', {}, { manager: m });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ source: 'programmatic', file: null, stdout: 'done', outcome: 'success' });
    expect(decision).toMatchObject({ blocked: false, userMessages: [], additionalContext: null });
  });

  it('no hooks anywhere: hasHooks false for every event, fire runs nothing', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager();
    for (const event of Object.keys(EVENTS) as HookEventName[]) expect(m.hasHooks(event)).toBe(false);
    const { decision, runs } = await sb.fire('PreToolUse', {}, { manager: m });
    expect(runs).toEqual([]);
    expect(decision).toMatchObject({ blocked: false, continue: true, permissionDecision: null, userMessages: [] });
  });

  it('hasHooks sees each source', async ({ expect }) => {
    const sb = new Sandbox();
    sb.plugin('p', on('PostCompact', 'true'));
    sb.user(on('SessionStart', 'true'));
    sb.project(on('PreToolUse', 'true'));
    sb.local(on('SessionEnd', 'true'));
    const m = sb.manager();
    expect(['PostCompact', 'SessionStart', 'PreToolUse', 'SessionEnd', 'Stop'].map((e) => m.hasHooks(e as HookEventName))).toEqual([true, true, true, true, false]);
  });

  it('assertValidProgrammaticHooks accepts valid hooks and throws naming the event and the problem', ({ expect }) => {
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] })).not.toThrow();
    expect(() => assertValidProgrammaticHooks(undefined)).not.toThrow();
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'command', command: '' }] }] })).toThrow(/Stop.*command.*empty/);
    expect(() => assertValidProgrammaticHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' }] }] })).toThrow(/PreToolUse\[0\]\.hooks\[0\]\.command.*required/);
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'http', command: 'x' }] }] })).toThrow(/Stop\[0\]\.hooks\[0\]\.url: url is required/);
    expect(() => assertValidProgrammaticHooks({ Stop: [{ hooks: [{ type: 'webhook', command: 'x' }] }] })).toThrow(/Stop.*type/);
    expect(() => assertValidProgrammaticHooks({ PostToolUse: [{ hooks: [{ command: 'x', timeout: 'soon' }] }] })).toThrow(/PostToolUse.*timeout/);
    expect(() => assertValidProgrammaticHooks({ Stop: 'echo done' })).toThrow(/Stop/);
    expect(() => assertValidProgrammaticHooks('echo done')).toThrow(/hooks/);
  });

  it('invalid programmatic entries are dropped when loading, valid ones still run', async ({ expect }) => {
    const sb = new Sandbox();
    const m = sb.manager({ hooks: { Stop: [{ hooks: [{ command: '' }, { command: sb.log('valid') }] }] } });
    await sb.fire('Stop', {}, { manager: m });
    expect(sb.lines('log')).toEqual(['valid']);
    expect(m.snapshot().problems[0]).toMatchObject({ file: '<programmatic>', path: 'hooks.Stop[0].hooks[0].command', severity: 'error' });
  });
});
