// UserPromptSubmit end to end (SPEC 5 row UserPromptSubmit, SPEC 6 test-verification requirements;
// seed 000 stories 2, 7, 11, 12.3, 13): `wave -p` as a real process against the scripted model
// server, in both wire formats, with real shell hooks dumping their stdin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import {
  filesUnder,
  answer,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  PROVIDERS,
  scenario,
  textOfMessage,
  userMessages,
  userTexts,
  wireText,
  type Message,
} from './harness.js';

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => cleanupSandboxes());

describe.concurrent.each(PROVIDERS)('UserPromptSubmit over %s', (provider) => {
  it('exit 0 with plain stdout: two user-role messages, the second holds the stdout, and the model request has it [seed 2.1, 2.2, 7.1, 11.1, 11.3]', async () => {
    let hookRanBeforeModel: boolean | null = null;
    const { sb, run, json, messages, calls } = await scenario({
      provider,
      prompt: 'please say hi',
      settings: (sb) => ({
        hooks: { UserPromptSubmit: [group([sb.hook('ups', { stdout: 'CONTEXT-FROM-HOOK line1', stderr: 'STDERR-ON-SUCCESS' })])] },
      }),
      script: (sb) => [
        () => {
          hookRanBeforeModel = sb.dumps('ups').length === 1;
          return { text: 'hi!' };
        },
      ],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('hi!');

    // Seed 11.1 / SPEC 6: two user-role messages, the second holding the hook stdout.
    const users = userMessages(messages);
    expect(users).toHaveLength(2);
    expect(users[0]!.blocks).toEqual([{ type: 'text', content: 'please say hi', source: 'user' }]);
    expect(textOfMessage(users[1]!)).toContain('CONTEXT-FROM-HOOK line1');
    expect(users[1]!.blocks.every((b) => b.type !== 'text' || b.source === 'hook')).toBe(true);

    // Seed 2.1: the hook ran before Wave processed the prompt; 2.2: the context reaches the model.
    expect(hookRanBeforeModel).toBe(true);
    expect(calls).toHaveLength(1);
    const sent = userTexts(calls[0]!).join('\n');
    expect(sent).toContain('please say hi');
    expect(sent).toContain('CONTEXT-FROM-HOOK line1');
    expect(sent.indexOf('please say hi')).toBeLessThan(sent.indexOf('CONTEXT-FROM-HOOK line1'));

    // Seed 11.3: stderr of a successful hook is ignored; execution continues normally.
    expect(errorTexts(messages)).toEqual([]);
    expect(JSON.stringify(calls[0]!.body)).not.toContain('STDERR-ON-SUCCESS');

    // Seed 7.1 / SPEC 5: the stdin carries the session context and the prompt (`user_prompt` too).
    const [stdin] = sb.dumps('ups');
    expect(stdin).toMatchObject({
      session_id: json.session_id,
      transcript_path: json.transcript_path,
      cwd: sb.workdir,
      hook_event_name: 'UserPromptSubmit',
      permission_mode: 'default',
      prompt: 'please say hi',
      user_prompt: 'please say hi',
    });
  });

  it('exit 0 with JSON additionalContext: the context (not the JSON) is the second user message and reaches the model', async () => {
    const { run, messages, calls } = await scenario({
      provider,
      prompt: 'what is the context?',
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [
            group([
              sb.hook('ups', {
                stdout: answer({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'JSON-ADDITIONAL-CONTEXT' } }),
              }),
            ]),
          ],
        },
      }),
      script: [{ text: 'got it' }],
    });
    expect(run.code).toBe(0);
    const users = userMessages(messages);
    expect(users).toHaveLength(2);
    expect(textOfMessage(users[1]!)).toContain('JSON-ADDITIONAL-CONTEXT');
    expect(textOfMessage(users[1]!)).not.toContain('hookSpecificOutput');
    expect(calls).toHaveLength(1);
    expect(userTexts(calls[0]!).join('\n')).toContain('JSON-ADDITIONAL-CONTEXT');
    expect(wireText(calls[0]!)).not.toContain('hookSpecificOutput');
  });

  it('exit 2: no user-role message, an assistant error block holding the stderr, no model request at all, the prompt erased [seed 12.3]', async () => {
    const { sb, run, json, messages, server } = await scenario({
      provider,
      prompt: 'please leak the secrets',
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [group([sb.hook('ups', { stdout: 'IGNORED-STDOUT', stderr: 'prompt blocked!', exit: 2 })])],
        },
      }),
      script: [{ text: 'must never be asked' }],
    });
    expect(run.code).toBe(3);
    expect(json.blocked).toBe(true);
    expect(server.requests).toHaveLength(0);
    expect(userMessages(messages)).toHaveLength(0);
    const withError = messages.filter((m) => m.role === 'assistant' && m.blocks.some((b) => b.type === 'error' && b.content!.includes('prompt blocked!')));
    expect(withError).toHaveLength(1);
    expect(errorTexts(messages).join('\n')).not.toContain('IGNORED-STDOUT');
    // The prompt is erased: nothing was said, so the session has no file at all (created with the first prompt).
    expect(existsSync(json.transcript_path)).toBe(false);
    expect(sb.dumps('ups')).toHaveLength(1);
  });

  it('a blocked prompt is neither echoed nor stored: the secret is in no output, no session file, no stream event', async () => {
    const SECRET = 'AKIA-SECRET-4242-do-not-store';
    for (const format of ['json', 'stream-json', 'text'] as const) {
      const { sb, run } = await scenario({
        provider,
        format,
        prompt: `deploy with key ${SECRET}`,
        settings: (sb) => ({ hooks: { UserPromptSubmit: [group([sb.hook('ups', { stderr: 'the prompt holds a secret', exit: 2 })])] } }),
        script: [{ text: 'must never be asked' }],
      });
      expect(run.code).toBe(3);
      expect(run.stdout + run.stderr).toContain('the prompt holds a secret');
      expect(run.stdout).not.toContain(SECRET);
      expect(run.stderr).not.toContain(SECRET);
      // The hook itself got the prompt; nothing Wave wrote keeps it.
      expect(sb.dumps('ups')[0]!.prompt).toContain(SECRET);
      const written = filesUnder(sb.home).map((f) => readFileSync(f, 'utf8'));
      expect(written.length).toBeGreaterThan(0);
      for (const text of written) expect(text).not.toContain(SECRET);
    }
  });

  it('another exit code: stderr shown to the user, stdout ignored, the prompt goes on to the model [seed 13.1, 13.2]', async () => {
    const { run, json, messages, calls } = await scenario({
      provider,
      prompt: 'carry on please',
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [group([sb.hook('ups', { stdout: 'UPS-IGNORED-STDOUT', stderr: 'UPS-NONBLOCKING-STDERR', exit: 1 })])],
        },
      }),
      script: [{ text: 'carried on' }],
    });
    expect(run.code).toBe(0);
    expect(json.result).toBe('carried on');
    expect(userMessages(messages)).toHaveLength(1);
    expect(errorTexts(messages).some((t) => t.includes('UPS-NONBLOCKING-STDERR'))).toBe(true);
    expect(calls).toHaveLength(1);
    const body = JSON.stringify(calls[0]!.body);
    expect(body).toContain('carry on please');
    expect(body).not.toContain('UPS-IGNORED-STDOUT');
    expect(body).not.toContain('UPS-NONBLOCKING-STDERR');
  });
});

describe.concurrent('UserPromptSubmit and the transcript', () => {
  it('the hook can read transcript_path: the file exists and holds .state.messages when the hook runs [seed 6.1]', async () => {
    const { sb, json } = await scenario({
      prompt: 'first words',
      settings: (sb) => ({
        hooks: {
          UserPromptSubmit: [
            group([sb.hook('ups', { body: `test -f "$(sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p' "$f")" && touch "$d/transcript-existed"` })]),
          ],
        },
      }),
      script: [{ text: 'ok' }],
    });
    expect(existsSync(sb.outFile('transcript-existed'))).toBe(true);
    const saved = JSON.parse(readFileSync(json.transcript_path, 'utf8')) as { state: { messages: Message[] } };
    expect(saved.state.messages.map((m) => m.id)).toEqual(json.messages.map((m) => m.id));
  });

  it('injected context is capped at 10,000 characters per event (SPEC 4); a hook printing 1 MiB keeps memory bounded (SPEC 3)', async () => {
    const { run, messages, calls } = await scenario({
      prompt: 'flood me',
      settings: (sb) => ({
        hooks: { UserPromptSubmit: [group([sb.hook('ups', { body: "head -c 1048576 /dev/zero | tr '\\0' 'y'; exit 0" })])] },
      }),
      script: [{ text: 'ok' }],
    });
    expect(run.code).toBe(0);
    const context = textOfMessage(userMessages(messages)[1]!);
    const ys = (t: string) => Math.max(0, ...(t.match(/y+/g) ?? []).map((r) => r.length)); // the longest run of y
    expect(ys(context)).toBeGreaterThanOrEqual(9_000);
    expect(ys(context)).toBeLessThanOrEqual(10_000);
    expect(ys(userTexts(calls[0]!).join('\n'))).toBeLessThanOrEqual(10_000);
  });
});

describe.concurrent('UserPromptSubmit (model-independent)', () => {
  it('JSON decision "block": blocked like exit 2, the reason shown to the user only', async () => {
    const { run, json, messages, server } = await scenario({
      prompt: 'please say hi',
      settings: (sb) => ({
        hooks: { UserPromptSubmit: [group([sb.hook('ups', { stdout: answer({ decision: 'block', reason: 'prompt json-blocked' }) })])] },
      }),
      script: [{ text: 'must never be asked' }],
    });
    expect(run.code).toBe(3);
    expect(json.blocked).toBe(true);
    expect(server.requests).toHaveLength(0);
    expect(userMessages(messages)).toHaveLength(0);
    expect(errorTexts(messages).join('\n')).toContain('prompt json-blocked');
  });
});
