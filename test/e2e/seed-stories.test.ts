// Seed 000 (the CodeWave hooks spec): the acceptance scenarios (验收场景) of its user stories as
// end-to-end tests. Scenarios tested with their SPEC row live in the topic files; this file holds
// the rest. Where each scenario is tested ("x.y" = story x, scenario y):
//
//   1  代码质量检查 (PostToolUse on Edit)   1.1 1.2 1.3 here
//   2  UserPromptSubmit 验证                2.1 2.2 prompt.test.ts
//   3  Stop 收尾                            3.1 stop.test.ts + here, 3.2 here
//   4  PreToolUse 数据访问                  4.1 4.2 tools.test.ts
//   5  PostToolUse 响应分析                 5.1 5.2 tools.test.ts
//   6  transcript_path 访问                 6.1 prompt.test.ts + session.test.ts, 6.2 session.test.ts
//   7  UserPromptSubmit 监控                7.1 prompt.test.ts, 7.2 session.test.ts (--resume)
//   8  Stop 清理                            8.1 8.2 here + session.test.ts
//   9  异步 hook                            9.1 9.2 9.3 timing.test.ts
//   10 权限请求 PermissionRequest           10.1 10.2 permissions.test.ts
//   11 成功反馈                             11.1 11.3 prompt.test.ts, 11.2 tools.test.ts
//   12 阻止性错误                           12.1 12.2 tools.test.ts, 12.3 prompt.test.ts, 12.4 stop.test.ts
//   13 非阻止性错误                         13.1 13.2 here (tool events, Stop) + prompt.test.ts
//                                           (UserPromptSubmit) + session.test.ts (session events)
//   14 编程式 hook 配置                     14.1 14.2 14.3 here (Agent.create in process) + session.test.ts
//                                           (--settings on the command line)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent } from '../../sidecar/src/index.js';
import { createModelClient } from '../../sidecar/src/models/config.js';
import {
  answer,
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  hookRuns,
  modelCalls,
  ownProcessesInThisFile,
  PROVIDERS,
  readTranscriptBody,
  Sandbox,
  scenario,
  server,
  textOfMessage,
  toolBlocks,
  transcriptsSeen,
  wireText,
} from './harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());
// The seed stories run the real binary: every `wave -p` of this file is a process of its own.
ownProcessesInThisFile();

describe.concurrent.each(PROVIDERS)('seed stories over %s', (provider) => {
  it('story 1: a PostToolUse hook on Edit runs the quality script (1.1), all matching hooks run in definition order (1.2), a failing hook is recorded without interrupting the edit (1.3)', async () => {
    const { sb, run, messages, calls } = await scenario({
      provider,
      prompt: 'rename the function',
      args: ['--permission-mode', 'acceptEdits'],
      setup: (sb) => sb.file('src/app.js', 'function oldName() { return 1; }\n'),
      settings: (sb) => ({
        hooks: {
          PostToolUse: [
            group([sb.hook('quality-1', { body: 'grep -q newName "$CLAUDE_PROJECT_DIR/src/app.js" && touch "$d/lint-saw-edit"' })], 'Edit'),
            group([sb.hook('quality-2-crashes', { stderr: 'lint crashed', exit: 1 })], 'Edit|MultiEdit'),
            group(
              [sb.hook('quality-3', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'LINT: 0 problems' } }) })],
              'Ed*',
            ),
            group([sb.hook('write-only')], 'Write'),
          ],
        },
      }),
      script: (sb) => [
        call('Edit', { file_path: join(sb.workdir, 'src/app.js'), old_string: 'oldName', new_string: 'newName' }, 'call_e1'),
        { text: 'renamed' },
      ],
    });
    expect(run.code).toBe(0);
    // 1.1: the quality script ran after the edit, with the Edit's input, and saw the edited file.
    const q1 = sb.dumps('quality-1');
    expect(q1).toHaveLength(1);
    expect(q1[0]).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { old_string: 'oldName', new_string: 'newName' } });
    expect(existsSync(sb.outFile('lint-saw-edit'))).toBe(true);
    // 1.2: every matching hook, in definition order; the Write-only hook did not match.
    expect(sb.order()).toEqual(['quality-1', 'quality-2-crashes', 'quality-3']);
    // 1.3: the failure is recorded and shown, the edit stands, the next hook still ran, the model went on.
    expect(readFileSync(join(sb.workdir, 'src/app.js'), 'utf8')).toBe('function newName() { return 1; }\n');
    expect(toolBlocks(messages)[0]).toMatchObject({ success: true });
    expect(hookRuns(messages).find((r) => r.stderr === 'lint crashed')).toMatchObject({ outcome: 'non_blocking_error', exitCode: 1 });
    expect(errorTexts(messages).some((t) => t.includes('lint crashed'))).toBe(true);
    // The quality feedback reaches the model.
    expect(calls).toHaveLength(2);
    expect(wireText(calls[1]!)).toContain('LINT: 0 problems');
    expect(wireText(calls[1]!)).not.toContain('lint crashed');
  });

});

describe.concurrent('seed stories (model-independent)', () => {
  it('stories 3 and 8: the Stop hook runs when the response cycle ends (3.1), a project script does the post-processing (3.2), gets session_id / transcript_path / hook_event_name (8.1) and reads the final state (8.2)', async () => {
    const { sb, run, json } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        env: { FROM_SETTINGS_ENV: 'settings-env-value' },
        hooks: {
          Stop: [
            group([
              sb.hook('stop', {
                body: [
                  readTranscriptBody('stop-tx'),
                  'printf "%s %s %s %s [%s] %s\\n" "$HOOK_EVENT" "$WAVE_SESSION_ID" "$CLAUDE_PROJECT_DIR" "$FROM_SETTINGS_ENV" "$HOOK_TOOL_NAME" "$(pwd)" > "$WAVE_PROJECT_DIR/summary.txt"',
                ].join('\n'),
              }),
            ]),
          ],
        },
      }),
      script: [call('Bash', { command: 'echo working' }, 'call_b1'), { text: 'ALL-WORK-DONE' }],
    });
    expect(run.code).toBe(0);
    const stop = sb.dumps('stop');
    expect(stop).toHaveLength(1);
    expect(stop[0]).toMatchObject({ session_id: json.session_id, transcript_path: json.transcript_path, hook_event_name: 'Stop' });
    expect(readFileSync(join(sb.workdir, 'summary.txt'), 'utf8').trim()).toBe(`Stop ${json.session_id} ${sb.workdir} settings-env-value [] ${sb.workdir}`); // SPEC 3: environment and cwd
    const [seen] = transcriptsSeen(sb, 'stop-tx');
    expect(seen!.map(textOfMessage).join('\n')).toContain('ALL-WORK-DONE');
    expect(seen!.flatMap((m) => m.blocks).some((b) => b.type === 'tool' && b.result === 'working')).toBe(true);
  });

  describe('story 14: programmatic hooks through Agent.create({ hooks })', () => {
    const stopHooks = (command: string) => ({ Stop: [{ hooks: [{ type: 'command', command }] }] });

    it('14.1: with hooks: { Stop: [...] } the HookManager has a Stop hook', async () => {
      const sb = new Sandbox();
      const agent = await Agent.create({ workdir: sb.workdir, homeDir: sb.home, hooks: stopHooks('echo done') });
      try {
        expect(agent.hookManager.hasHooks('Stop')).toBe(true);
        expect(agent.hookManager.hasHooks('PreToolUse')).toBe(false);
      } finally {
        await agent.destroy();
      }
    });

    it('14.2: without the hooks option (and no settings files) hasHooks("Stop") is false', async () => {
      const sb = new Sandbox();
      const agent = await Agent.create({ workdir: sb.workdir, homeDir: sb.home });
      try {
        expect(agent.hookManager.hasHooks('Stop')).toBe(false);
      } finally {
        await agent.destroy();
      }
    });

    it('14.3: programmatic and file hooks of the same event coexist and all run, programmatic first', async () => {
      const sb = new Sandbox();
      sb.userSettingsFile({ hooks: { Stop: [group([sb.hook('user-stop')])] } });
      sb.settings({ hooks: { Stop: [group([sb.hook('project-stop')])] } });
      sb.file('.wave/settings.local.json', JSON.stringify({ hooks: { Stop: [group([sb.hook('local-stop')])] } }));
      const s = await server([{ text: 'programmatic answer' }]);
      const agent = await Agent.create({
        workdir: sb.workdir,
        homeDir: sb.home,
        hooks: stopHooks(sb.hook('programmatic-stop')),
        model: createModelClient({ provider: 'openai', model: 'scripted-model', baseURL: s.openaiBaseURL, apiKey: 'test-key', maxRetries: 0 }),
      });
      try {
        expect(agent.hookManager.hasHooks('Stop')).toBe(true);
        const turn = await agent.sendMessage('hi');
        expect(turn.result).toBe('programmatic answer');
        expect(sb.order()).toEqual(['programmatic-stop', 'user-stop', 'project-stop', 'local-stop']); // SPEC 1.1 run order
        expect(sb.dumps('programmatic-stop')[0]).toMatchObject({ hook_event_name: 'Stop', session_id: agent.sessionId });
        expect(modelCalls(s)).toHaveLength(1);
      } finally {
        await agent.destroy();
        await s.close();
      }
    });

    it('invalid programmatic hooks make Agent.create throw an error naming the event and the problem (SPEC 1.3)', async () => {
      const sb = new Sandbox();
      await expect(Agent.create({ workdir: sb.workdir, homeDir: sb.home, hooks: { Stop: [{ hooks: [{ type: 'command', command: '' }] }] } })).rejects.toThrow(/Stop.*command|command.*Stop/s);
    });
  });
});

describe.concurrent('seed story 13 (model-independent)', () => {
  it('story 13: exit codes other than 0/2 on PreToolUse, PostToolUse and Stop: stderr shown to the user (13.1), stdout ignored (13.2), execution continues', async () => {
    const failing = (sb: Sandbox, name: string) => sb.hook(name, { stdout: `${name.toUpperCase()}-STDOUT`, stderr: `${name.toUpperCase()}-STDERR`, exit: 3 });
    const { sb, run, json, messages, calls } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([failing(sb, 'pre')])],
          PostToolUse: [group([failing(sb, 'post')])],
          Stop: [group([failing(sb, 'stop')])],
        },
      }),
      script: [call('Bash', { command: 'echo ran > ran.txt' }, 'call_b1'), { text: 'finished' }, { text: 'must not be requested' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('finished');
    expect(existsSync(join(sb.workdir, 'ran.txt'))).toBe(true);
    expect(calls).toHaveLength(2); // Stop's failure did not send the model back to work
    const errors = errorTexts(messages).join('\n');
    for (const name of ['PRE', 'POST', 'STOP']) {
      expect(errors).toContain(`${name}-STDERR`);
      expect(errors).not.toContain(`${name}-STDOUT`);
      for (const c of calls) {
        expect(JSON.stringify(c.body)).not.toContain(`${name}-STDOUT`);
        expect(JSON.stringify(c.body)).not.toContain(`${name}-STDERR`);
      }
    }
  });
});
