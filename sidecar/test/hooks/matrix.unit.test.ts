// The hook engine's answer matrix — exit code × answer × event, how several hooks combine, the turn
// budget — through HookManager with real settings files, on the fake process runner (fakeRunner.ts,
// injected where the real runner goes): the engine runs as for a user, no process is started, and
// the budget spends virtual seconds, so no test here depends on the machine's speed. engine.test.ts
// runs real hook processes for each kind of answer.
import { afterAll, describe, it } from 'vitest';
import { TurnBudget, type HookEventName } from '../../src/hooks/index.js';
import { fakeRunner } from './fakeRunner.js';
import { on, printJson, removeSandboxes, Sandbox, tool } from './engineSandbox.js';

const fake = fakeRunner();

afterAll(() => {
  removeSandboxes();
  // Every hook of this file went through the fake: none started a process.
  if (fake.specs.length < 100) throw new Error(`only ${fake.specs.length} hooks reached the fake runner`);
});

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
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on(event, 'echo stdout only; exit 2'));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]?.outcome).toBe('blocking_error');
    expect(decision.blocked).toBe(true);
    expect(decision.reason).toBe('No stderr output');
    expect(decision.blocks[0]?.command).toBe('echo stdout only; exit 2'); // the hook's name: it has no description
  });

  it('PreToolUse exit 2 ignores a permissionDecision printed on stdout', async ({ expect }) => {
    const sb = new Sandbox(fake);
    sb.user(on('PreToolUse', `${printJson({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'x' } } })}; echo nope >&2; exit 2`));
    const { decision } = await sb.fire('PreToolUse');
    expect(decision).toMatchObject({ blocked: true, reason: 'nope', permissionDecision: null, updatedInput: null });
  });
});

describe.concurrent('other exit codes are non-blocking errors', () => {
  it.for(['PreToolUse', 'UserPromptSubmit', 'Stop', 'PostToolUse'] as HookEventName[])('%s: exit 1 → stderr for the user, nothing blocked', async (event, { expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on('PreToolUse', 'wave-no-such-command-xyz --flag'));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs[0]).toMatchObject({ exitCode: 127, outcome: 'non_blocking_error', error: 'command not found' });
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages[0]).toContain('command not found');
  });

  it('a hook killed by a signal is a non-blocking error', async ({ expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on(event, 'echo "  remember the milk  "'));
    const { decision, runs } = await sb.fire(event);
    expect(runs[0]).toMatchObject({ exitCode: 0, outcome: 'success', stdout: 'remember the milk', error: null });
    expect(decision.additionalContext).toBe('remember the milk');
    expect(decision.blocked).toBe(false);
    expect(decision.userMessages).toEqual([]);
  });

  it('PreCompact: stdout is summary instructions', async ({ expect }) => {
    const sb = new Sandbox(fake);
    sb.user(on('PreCompact', 'echo keep the TODO list', 'echo and the file names'));
    const { decision } = await sb.fire('PreCompact');
    expect(decision.instructions).toBe('keep the TODO list\nand the file names');
    expect(decision.additionalContext).toBeNull();
  });

  it('WorktreeCreate: the first hook that exits 0 with a path supplies it; later hooks do not run', async ({ expect }) => {
    const sb = new Sandbox(fake);
    sb.user(on('WorktreeCreate', 'echo cannot >&2; exit 1', 'true', `echo /tmp/wt/feature-x; ${sb.log('second')}`, sb.log('third')));
    const { decision, runs } = await sb.fire('WorktreeCreate', { name: 'feature-x' });
    expect(decision.worktreePath).toBe('/tmp/wt/feature-x');
    expect(runs).toHaveLength(3);
    expect(sb.lines('log')).toEqual(['second']);
    expect(decision.userMessages.join('\n')).toContain('cannot');
  });

  it('WorktreeCreate: no path when every hook fails or prints nothing', async ({ expect }) => {
    const sb = new Sandbox(fake);
    sb.user(on('WorktreeCreate', 'exit 1', 'true'));
    const { decision, runs } = await sb.fire('WorktreeCreate');
    expect(runs).toHaveLength(2);
    expect(decision.worktreePath).toBeNull();
  });

  it.for(['Stop', 'PreToolUse', 'PostToolUse', 'SessionEnd'] as HookEventName[])('%s: plain stdout (`echo done`) is a quiet success, recorded only', async (event, { expect }) => {
    const sb = new Sandbox(fake);
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
      const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on('Stop', printJson({ decision: 'block' })));
    const { decision } = await sb.fire('Stop');
    expect(decision.blocked).toBe(true);
    expect(decision.reason).toMatch(/^blocked by hook /);
  });

  it('continue:false + stopReason stops the agent, whatever else the answer says', async ({ expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on('PostToolUse', printJson({ systemMessage: 'first warning' }), printJson({ systemMessage: 'second warning' })));
    const { decision } = await sb.fire('PostToolUse');
    expect(decision.systemMessage).toBe('first warning\nsecond warning');
    expect(decision.blocked).toBe(false);
    expect(decision.continue).toBe(true);
  });

  it.for(['allow', 'ask', 'deny'] as const)('PreToolUse permissionDecision %s with its reason', async (pd, { expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on('PostToolUse', printJson({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } })));
    const { decision, runs } = await sb.fire('PostToolUse');
    expect(runs[0]?.outcome).toBe('success');
    expect(decision.permissionDecision).toBeNull();
  });

  it('PreToolUse updatedInput is handed to the next hook and returned', async ({ expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    sb.user(on('PermissionRequest', printJson({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: { command: 'ls' } } } })));
    const { decision } = await sb.fire('PermissionRequest');
    expect(decision.permissionRequest).toEqual({ behavior: 'allow', updatedInput: { command: 'ls' } });
    expect(decision.blocked).toBe(false);
  });

  it.for([
    ['allow', 'deny'],
    ['deny', 'allow'],
  ] as const)('PermissionRequest %s then %s → deny wins', async (order, { expect }) => {
    const sb = new Sandbox(fake);
    const answer = (b: 'allow' | 'deny') =>
      printJson({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: b === 'deny' ? { behavior: 'deny', message: 'not on Fridays' } : { behavior: 'allow' } } });
    sb.user(on('PermissionRequest', ...order.map(answer)));
    const { decision, runs } = await sb.fire('PermissionRequest');
    expect(runs).toHaveLength(2);
    expect(decision.permissionRequest).toEqual({ behavior: 'deny', message: 'not on Fridays' });
  });

  it('additionalContext of several hooks is joined with newlines in run order', async ({ expect }) => {
    const sb = new Sandbox(fake);
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
      const sb = new Sandbox(fake);
      sb.user(on(event, printJson({ hookSpecificOutput: { hookEventName: event, additionalContext: `ctx for ${event}` } })));
      const { decision } = await sb.fire(event);
      expect(decision.additionalContext).toBe(`ctx for ${event}`);
    },
  );

  it('stdout starting with "{" that is not JSON is a non-blocking error saying so', async ({ expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
    // Spread over sources too: order in the run must not matter.
    sb.user(on('PreToolUse', pd(seq[0]!)));
    sb.project(on('PreToolUse', ...seq.slice(1).map(pd)));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs).toHaveLength(seq.length);
    expect(decision.permissionDecision).toBe(expected);
    expect(decision.permissionDecisionReason).toBe(`${expected} reason`);
  });

  it.for([0, 1, 2])('continue:false from hook #%i wins over blocks and allows', async (at, { expect }) => {
    const sb = new Sandbox(fake);
    const hooks = [pd('allow'), 'echo blocked >&2; exit 2', pd('deny')];
    hooks.splice(at, 0, printJson({ continue: false, stopReason: 'enough' }));
    sb.user(on('PreToolUse', ...hooks));
    const { decision, runs } = await sb.fire('PreToolUse');
    expect(runs).toHaveLength(4);
    expect(decision.continue).toBe(false);
    expect(decision.stopReason).toBe('enough');
  });

  it('a failing hook does not stop the next one', async ({ expect }) => {
    const sb = new Sandbox(fake);
    sb.user(on('UserPromptSubmit', 'exit 1', 'exit 3', 'wave-no-such-command-xyz', 'kill -TERM $$', 'echo still here'));
    const { decision, runs } = await sb.fire('UserPromptSubmit');
    expect(runs.map((r) => r.outcome)).toEqual(['non_blocking_error', 'non_blocking_error', 'non_blocking_error', 'non_blocking_error', 'success']);
    expect(decision.additionalContext).toBe('still here');
    expect(decision.userMessages).toHaveLength(4);
  });
});

// ----- the turn budget (docs/hooks.md, "How a hook runs"), in virtual seconds ---------------------

describe.concurrent('the turn budget', () => {
  it('the turn budget cuts the second hook and skips the third (PostToolUse: nothing to deny)', async ({ expect }) => {
    const sb = new Sandbox(fake);
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
    const sb = new Sandbox(fake);
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
});
