// Claude Code's other handler types and fields (docs/hooks.md, "Handler types"): an `http` hook
// against a local HTTP server (the body is the event JSON, the answer is the response body, header
// variables only from allowedEnvVars), a `prompt` hook answered by the scripted model, `shell:
// "bash"`, and `once`, through the real `wave -p`.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cleanupSandboxes, ensureBuilt, group, hookRuns, scenario, systemOf, toolBlocks, type RecordedRequest } from '../harness.js';

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

interface Hit {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A local HTTP server answering by path: /deny (a PreToolUse deny), /ok (empty 200), /fail (500). */
/** A port nothing listens on (a server started and closed again). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

async function hookServer(): Promise<{ url: string; hits: Hit[]; close: () => Promise<void> }> {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (c: string) => (text += c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
      if (req.url === '/deny') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'the policy server says no' },
          }),
        );
      } else if (req.url === '/fail') {
        res.writeHead(500);
        res.end('policy server down');
      } else {
        res.writeHead(200);
        res.end();
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise((ok) => server.close(() => ok())) };
}

const isHookRequest = (r: RecordedRequest) => systemOf(r).startsWith('You are a hook of an AI coding agent');

describe('http hooks', () => {
  it('POSTs the event JSON; a 2xx body is the answer; headers expand only allowed variables; a 500 and a refused connection are non-blocking errors', async () => {
    const srv = await hookServer();
    const refused = `http://127.0.0.1:${await closedPort()}/refused`;
    try {
      const { json, messages } = await scenario({
        args: ['--permission-mode', 'bypassPermissions'],
        env: { POLICY_TOKEN: 'sekret', OTHER_SECRET: 'must-not-leak' },
        settings: () => ({
          hooks: {
            PreToolUse: [
              group(
                [
                  { type: 'http', url: `${srv.url}/fail` },
                  { type: 'http', url: refused, timeout: 5 },
                ],
                'Write',
              ),
              {
                matcher: 'Bash',
                hooks: [
                  {
                    type: 'http',
                    url: `${srv.url}/deny`,
                    headers: { Authorization: 'Bearer $POLICY_TOKEN', 'X-Other': '${OTHER_SECRET}' },
                    allowedEnvVars: ['POLICY_TOKEN'],
                  },
                ],
              },
            ],
          },
        }),
        script: [call('Bash', { command: 'rm -rf build' }, 'call_h1'), call('Write', { file_path: 'notes.txt', content: 'x' }, 'call_h2'), { text: 'done' }],
      });
      expect(json.result).toBe('done');
      const deny = srv.hits.find((h) => h.path === '/deny')!;
      expect(deny.body).toMatchObject({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf build' },
        session_id: json.session_id,
      });
      expect(deny.headers['content-type']).toBe('application/json');
      expect(deny.headers.authorization).toBe('Bearer sekret');
      expect(deny.headers['x-other']).toBe('${OTHER_SECRET}');
      const [bash, write] = toolBlocks(messages);
      expect(bash).toMatchObject({ success: false, result: 'PreToolUse:Bash hook error: the policy server says no' });
      expect(write).toMatchObject({ success: true });
      const runs = hookRuns(messages).filter((r) => r.event === 'PreToolUse');
      expect(runs.map((r) => [r.command, r.verdict])).toEqual([
        [`POST ${srv.url}/deny`, 'denied'],
        [`POST ${srv.url}/fail`, 'error'],
        [`POST ${refused}`, 'error'],
      ]);
      expect(runs[1]!.error).toBe(`HTTP 500 Internal Server Error from ${srv.url}/fail`);
      expect(runs[1]!.stderr).toBe('policy server down');
      expect(runs[2]!.error).toBe(`the request to ${refused} failed: ECONNREFUSED`);
    } finally {
      await srv.close();
    }
  });
});

describe('prompt hooks', () => {
  it('asks the model once without tools ($ARGUMENTS replaced); ok false blocks like exit 2, ok true lets it pass, an unreadable answer is a non-blocking error', async () => {
    let asked = 0;
    const { json, calls, messages } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: () => ({
        hooks: {
          Stop: [group([{ type: 'prompt', prompt: 'Did the agent finish? Event: $ARGUMENTS' }])],
          PostToolUse: [group([{ type: 'prompt', prompt: 'Check this tool call.' }], 'Bash')],
        },
      }),
      script: [
        call('Bash', { command: 'echo hi' }, 'call_p1'),
        () => ({ text: 'I am not sure what you mean.' }), // the PostToolUse prompt hook: unreadable
        { text: 'first answer' },
        (req) => (asked++, isHookRequest(req) ? { text: '```json\n{"ok": false, "reason": "The tests were not run."}\n```' } : { text: 'unexpected' }),
        { text: 'second answer' },
        () => ({ text: '{"ok": true}' }),
      ],
    });
    expect(asked).toBe(1);
    expect(json.result).toBe('second answer');
    const hookCalls = calls.filter(isHookRequest);
    expect(hookCalls).toHaveLength(3);
    const stopPrompt = JSON.stringify(hookCalls[1]!.body);
    expect(stopPrompt).toContain('Did the agent finish? Event: ');
    expect(stopPrompt).toContain('\\"hook_event_name\\":\\"Stop\\"');
    const runs = hookRuns(messages);
    expect(runs.filter((r) => r.event === 'Stop').map((r) => r.verdict)).toEqual(['blocked', 'ok']);
    const post = runs.find((r) => r.event === 'PostToolUse')!;
    expect(post.verdict).toBe('error');
    expect(post.error).toMatch(/^the model's answer is not \{"ok": true\}/);
    // The reason reached the model as the Stop feedback.
    expect(JSON.stringify(calls.at(-2)!.body)).toContain('The tests were not run.');
  });
});

describe('if', () => {
  it('a tool hook with "if" runs only for the calls its permission rule covers; wave hooks test says why it did not run', async () => {
    const { sb } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({ hooks: { PreToolUse: [group([{ command: sb.hook('commit'), if: 'Bash(git commit*)' }], 'Bash')] } }),
      script: [call('Bash', { command: 'ls' }, 'call_i1'), call('Bash', { command: 'git commit -m wip || true' }, 'call_i2'), { text: 'done' }],
    });
    expect(sb.dumps('commit').map((d) => d.tool_input.command)).toEqual(['git commit -m wip || true']);
    const r = await sb.wave(['hooks', 'test', 'PreToolUse', '--workdir', sb.workdir, '--input', '{"tool_input":{"command":"ls -la"}}', '--json']);
    const out = JSON.parse(r.stdout) as { runs: unknown[]; skipped: Array<{ reason: string }> };
    expect(out.runs).toEqual([]);
    expect(out.skipped.map((k) => k.reason)).toEqual(['if "Bash(git commit*)" does not cover this call']);
  });
});

describe('pass-through hooks', () => {
  it('a hook that prints its input back answers nothing, even past the 64 KiB cap (no error per call)', async () => {
    const big = 'x'.repeat(100_000);
    const { messages } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: () => ({ hooks: { PreToolUse: [group(['cat'], 'Write')] } }),
      script: [call('Write', { file_path: 'big.txt', content: big }, 'call_e1'), { text: 'done' }],
    });
    const run = hookRuns(messages).find((r) => r.event === 'PreToolUse')!;
    expect(run).toMatchObject({ exitCode: 0, verdict: 'ok', error: null });
    expect(toolBlocks(messages)[0]).toMatchObject({ success: true });
  });
});

describe('shell and once', () => {
  it('shell "bash" runs the command with bash; once runs a hook only the first time in a session', async () => {
    const { sb, messages } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group(
              [
                { command: `[[ "$HOOK_TOOL_NAME" == Ba* ]] && echo bash-ok > ${JSON.stringify(sb.outFile('bash.txt'))}`, shell: 'bash' },
                { command: sb.hook('once'), once: true },
              ],
              'Bash',
            ),
          ],
        },
      }),
      script: [call('Bash', { command: 'echo 1' }, 'call_o1'), call('Bash', { command: 'echo 2' }, 'call_o2'), { text: 'done' }],
    });
    expect(sb.dumps('once')).toHaveLength(1);
    expect(hookRuns(messages).filter((r) => r.event === 'PreToolUse')).toHaveLength(3);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(sb.outFile('bash.txt'), 'utf8').trim()).toBe('bash-ok');
  });
});

describe('statusMessage', () => {
  it('wave -p says on stderr what a hook with a statusMessage is doing when it starts; a hook without one says nothing', async () => {
    const { run, messages } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [group([{ command: sb.hook('scan'), statusMessage: 'Scanning the command for secrets…' }, { command: sb.hook('quiet') }], 'Bash')],
        },
      }),
      script: [call('Bash', { command: 'echo 1' }, 'call_s1'), { text: 'done' }],
    });
    expect(run.stderr).toContain('wave: PreToolUse hook: Scanning the command for secrets…\n');
    expect(run.stderr.match(/PreToolUse hook:/g)).toHaveLength(1);
    expect(hookRuns(messages).filter((r) => r.event === 'PreToolUse')).toHaveLength(2);
  });
});
