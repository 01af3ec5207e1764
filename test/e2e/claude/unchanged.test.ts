// Published Claude Code hooks run unchanged (docs/hooks.md, "Coming from Claude Code"): an exit 2
// with a JSON answer on stdout, the subagent tool named `Agent` (matchers and `if` rules may say
// `Task`), SubagentStop's own transcript, the `args` exec form, PostToolUse `updatedToolOutput`,
// `suppressOutput`, `sessionTitle`, `asyncTimeout` at `wave -p` exit, and identical hooks run once.
// Each through the real `wave -p`, real hook processes and the scripted model server.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, call, cleanupSandboxes, ensureBuilt, group, hookRuns, scenario, sq, toolBlocks, wireItems, type RecordedRequest } from '../harness.js';
import { BYPASS, router } from '../work/harness-work.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** The tool results the model was sent in a request, by call id. */
function resultsSent(req: RecordedRequest): Record<string, string> {
  return Object.fromEntries(wireItems(req).flatMap((i) => (i.kind === 'tool_result' ? [[i.id, i.content]] : [])));
}

describe('exit 2 with a JSON answer on stdout', () => {
  it('the JSON reason reaches the model ahead of stderr; permissionDecisionReason alone too; plain stdout and no stderr is "No stderr output", naming the hook by its description', async () => {
    const deny = answer({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'DENY-REASON use trash' } });
    const { calls, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group(
              [{ command: sb.hook('json', { stdout: answer({ decision: 'block', reason: 'JSON-REASON not here' }), stderr: 'STDERR-IGNORED', exit: 2 }) }],
              'Write',
            ),
            group([{ command: sb.hook('deny', { stdout: deny, exit: 2 }) }], 'Edit'),
            group([{ command: sb.hook('plain', { stdout: 'just words', exit: 2 }), description: 'Refuse Bash' }], 'Bash'),
          ],
        },
      }),
      script: [
        call('Write', { file_path: 'a.txt', content: 'x' }, 'call_w'),
        call('Edit', { file_path: 'a.txt', old_string: 'x', new_string: 'y' }, 'call_e'),
        call('Bash', { command: 'echo hi' }, 'call_b'),
        { text: 'done' },
      ],
    });
    const sent = resultsSent(calls.at(-1)!);
    expect(sent.call_w).toBe('PreToolUse:Write hook error: JSON-REASON not here');
    expect(sent.call_e).toBe('PreToolUse:Edit hook error: DENY-REASON use trash');
    expect(sent.call_b).toBe('PreToolUse:Bash hook error: [Refuse Bash]: No stderr output');
    expect(JSON.stringify(calls.at(-1)!.body)).not.toContain('STDERR-IGNORED');
    expect(toolBlocks(messages).map((b) => b.success)).toEqual([false, false, false]);
    expect(hookRuns(messages).map((r) => r.verdict)).toEqual(['blocked', 'blocked', 'blocked']);
  });
});

describe('the subagent tool is Agent', () => {
  it('matchers and if rules naming Agent or Task both run for it; SubagentStop gets agent_transcript_path, the subagent’s own JSON Lines transcript', async () => {
    const r = router({
      main: [call('Agent', { description: 'look', prompt: 'SUB-PROMPT', subagent_type: 'general-purpose' }, 'call_agent'), { text: 'MAIN-DONE' }],
      'sub:general-purpose': [{ text: 'SUB-REPORT' }],
    });
    const { sb, json } = await scenario({
      args: BYPASS,
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group([sb.hook('agent')], 'Agent'),
            group([sb.hook('task')], 'Task'),
            group([{ command: sb.hook('iftask'), if: 'Task' }]),
            group([{ command: sb.hook('ifagent'), if: 'Agent' }]),
          ],
          SubagentStop: [group([sb.hook('substop', { body: 'cp "$(sed -n \'s/.*"agent_transcript_path":"\\([^"]*\\)".*/\\1/p\' "$f")" "$d/sub.jsonl"' })])],
        },
      }),
      script: r.script,
    });
    expect(json.result).toBe('MAIN-DONE');
    for (const label of ['agent', 'task', 'iftask', 'ifagent']) expect(sb.dumps(label).map((d) => d.tool_name)).toEqual(['Agent']);
    const stop = sb.dumps('substop')[0]!;
    expect(stop.agent_transcript_path).toMatch(new RegExp(`/${json.session_id}/subagents/agent-${stop.agent_id}\\.jsonl$`));
    const lines = readFileSync(sb.outFile('sub.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>);
    expect(lines.map((l) => [l.type, l.message?.role])).toEqual([
      ['user', 'user'],
      ['assistant', 'assistant'],
    ]);
    expect(lines[0]!.message.content).toBe('SUB-PROMPT');
    expect(JSON.stringify(lines[1]!.message.content)).toContain('SUB-REPORT');
  });
});

describe('args: the exec form', () => {
  it('runs the program directly with exactly its arguments (no shell: no $ expansion, no quoting); args without command is an error that says so', async () => {
    const { sb, messages } = await scenario({
      args: BYPASS,
      setup: (sb) => sb.file('hooks/argv.js', "require('fs').writeFileSync(process.argv[2], JSON.stringify(process.argv.slice(3)))\n"),
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([{ command: process.execPath, args: ['hooks/argv.js', sb.outFile('argv.json'), '$HOME', "it's", 'a b;echo x'] }], 'Bash')],
        },
      }),
      script: [call('Bash', { command: 'echo hi' }, 'call_b'), { text: 'done' }],
    });
    expect(JSON.parse(readFileSync(sb.outFile('argv.json'), 'utf8'))).toEqual(['$HOME', "it's", 'a b;echo x']);
    expect(hookRuns(messages)[0]).toMatchObject({ verdict: 'ok', exitCode: 0 });
    sb.settings({ hooks: { PreToolUse: [group([{ args: ['x.py'] }, { command: 'python3', args: 'x.py' }])] } });
    const v = await sb.wave(['hooks', 'validate', '--workdir', sb.workdir]);
    expect(v.stdout + v.stderr).toContain('hooks.PreToolUse[0].hooks[0].command: args needs command');
    expect(v.stdout + v.stderr).toContain('hooks.PreToolUse[0].hooks[1].args: args must be an array of strings');
  });
});

describe('PostToolUse updatedToolOutput, suppressOutput; sessionTitle', () => {
  it('a replacement of the tool’s own shape is what the model sees (the block keeps both); another shape is ignored with a warning in the record; suppressOutput keeps stdout out of the record; sessionTitle titles the conversation', async () => {
    const replaced = answer({
      hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { stdout: 'REDACTED-OUTPUT', stderr: '' } },
      suppressOutput: true,
    });
    const wrong = answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { text: 'nope' } } });
    const title = answer({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', sessionTitle: 'Fix the login bug' } });
    const { json, calls, messages } = await scenario({
      args: BYPASS,
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [group([sb.hook('title', { stdout: title })])],
          PostToolUse: [
            group(
              [
                { command: sb.hook('redact', { body: 'grep -q SECRET "$f" || exit 0', stdout: replaced }) },
                { command: sb.hook('wrong', { body: 'grep -q other "$f" || exit 0', stdout: wrong }) },
              ],
              'Bash',
            ),
          ],
        },
      }),
      script: [call('Bash', { command: 'echo SECRET-TOKEN' }, 'call_s'), call('Bash', { command: 'echo other' }, 'call_o'), { text: 'done' }],
    });
    const sent = resultsSent(calls.at(-1)!);
    expect(sent.call_s).toBe('REDACTED-OUTPUT');
    expect(sent.call_o).toBe('other');
    expect(wireItems(calls.at(-1)!).filter((i) => i.kind === 'tool_result' && i.content.includes('SECRET-TOKEN'))).toEqual([]);
    const [s] = toolBlocks(messages);
    expect(s).toMatchObject({ result: 'REDACTED-OUTPUT', originalResult: 'SECRET-TOKEN' });
    const runs = hookRuns(messages).filter((r) => r.event === 'PostToolUse' && r.exitCode === 0 && r.decision !== 'success');
    expect(runs[0]).toMatchObject({ verdict: 'rewrote', stdout: '' });
    expect(runs[1]!.decision).toContain('updatedToolOutput ignored: "text" is not a field of the tool\'s output');
    expect(runs[1]!.stdout).toContain('"text":"nope"');
    expect((json as unknown as { title: string }).title).toBe('Fix the login bug');
    expect(JSON.parse(readFileSync(json.transcript_path, 'utf8')).session.title).toBe('Fix the login bug');
  });
});

describe('asyncTimeout at wave -p exit', () => {
  it('wave -p waits for an async SessionEnd hook, at most its asyncTimeout: the hook is stopped there and its record says so', async () => {
    const { sb, run } = await scenario({
      settings: (sb) => ({
        hooks: {
          SessionEnd: [
            group([
              {
                command: `${sb.hook('cleanup', { body: `echo started > "$d/started"; sleep 30; echo finished > "$d/finished"` })}`,
                async: true,
                asyncTimeout: 1500,
              },
            ]),
          ],
        },
      }),
      script: [{ text: 'done' }],
    });
    expect(run.code).toBe(0);
    expect(existsSync(sb.outFile('started'))).toBe(true);
    expect(existsSync(sb.outFile('finished'))).toBe(false);
    const runs = await sb.wave(['hooks', 'runs', '--json']);
    const end = (JSON.parse(runs.stdout) as { runs: Array<{ event: string; timedOut: boolean; error: string }> }).runs.find((x) => x.event === 'SessionEnd')!;
    expect(end).toMatchObject({ timedOut: true, error: 'hook timed out after 1.5 s' });
  });
});

describe('identical hooks run once', () => {
  it('the same command in the user’s and the project’s settings runs once, the first in Wave’s order; the other is recorded as skipped, and wave hooks test says why', async () => {
    const { sb, messages } = await scenario({
      args: BYPASS,
      setup: (sb) => {
        sb.file('count.sh', `echo run >> ${sq(sb.outFile('count.log'))}\n`);
        sb.userSettingsFile({ hooks: { PreToolUse: [group(['sh "$WAVE_PROJECT_DIR/count.sh"'], 'Bash')] } });
      },
      settings: () => ({
        hooks: {
          PreToolUse: [group(['sh "$WAVE_PROJECT_DIR/count.sh"'], 'Bash|Write'), group([{ command: 'sh "$WAVE_PROJECT_DIR/count.sh"', shell: 'bash' }])],
        },
      }),
      script: [call('Bash', { command: 'echo hi' }, 'call_b'), { text: 'done' }],
    });
    expect(readFileSync(sb.outFile('count.log'), 'utf8')).toBe('run\n');
    const runs = hookRuns(messages).filter((r) => r.event === 'PreToolUse');
    expect(runs.map((r) => `${r.source} ${r.outcome}`).sort()).toEqual(['project skipped', 'project skipped', 'user success']);
    const skipped = runs.filter((r) => r.outcome === 'skipped');
    for (const r of skipped) expect(r.decision).toMatch(/^skipped: identical to ".*" \[user\], which runs once for both$/);
    const t = await sb.wave(['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--json']);
    const out = JSON.parse(t.stdout) as { runs: Array<{ outcome: string }>; skipped: Array<{ source: string; reason: string }> };
    expect(out.runs.map((r) => r.outcome).sort()).toEqual(['skipped', 'skipped', 'success']);
    expect(out.skipped.map((k) => k.reason)).toEqual([expect.stringMatching(/^identical to/), expect.stringMatching(/^identical to/)]);
  });
});
