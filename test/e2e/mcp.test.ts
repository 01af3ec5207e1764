// MCP servers end to end (docs/mcp.md): the real `wave -p` with real MCP servers built with the
// official SDK (test/mcp/servers/): a stdio server it starts itself and an HTTP server this test
// runs; tools called by the scripted model through the normal tool path (permission rules,
// PreToolUse / PostToolUse), `${VAR}` expansion, a crashing server, garbage on stdout, the output
// cap, project servers that wait for approval, `wave mcp list`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  answer,
  call,
  cleanupSandboxes,
  ensureBuilt,
  errorTexts,
  group,
  hookRuns,
  REPO,
  Sandbox,
  scenario,
  toolBlocks,
  wireItems,
  type RecordedRequest,
} from './harness.js';
// @ts-expect-error a plain ES module of the test folder
import { startHttpServer } from '../mcp/servers/http.mjs';

const STDIO_SERVER = join(REPO, 'test', 'mcp', 'servers', 'stdio.mjs');
const demo = (extra: Record<string, unknown> = {}) => ({ command: process.execPath, args: [STDIO_SERVER], ...extra });

beforeAll(() => ensureBuilt());
afterAll(() => cleanupSandboxes());

/** The tool results the model received, by call id. */
function results(req: RecordedRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const i of wireItems(req)) if (i.kind === 'tool_result') out.set(i.id, i.content);
  return out;
}
const toolNames = (req: RecordedRequest): string[] =>
  ((req.body.tools ?? []) as Array<{ function?: { name: string }; name?: string }>).map((t) => t.function?.name ?? t.name ?? '');

function mcpConfig(sb: Sandbox, servers: Record<string, unknown>): string {
  const path = join(sb.root, 'mcp.json');
  writeFileSync(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return path;
}

describe('MCP servers in wave -p', () => {
  it('offers a stdio server’s tools as mcp__<server>__<tool>, calls them through permission rules and PreToolUse / PostToolUse, expands ${VAR}', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo({ args: [STDIO_SERVER, '${DEMO_ARG:-from-default}'], env: { MCP_DEMO_GREETING: '${GREETING}' } }) });
    const { run, json, calls } = await scenario({
      sandbox: sb,
      prompt: 'use the demo server',
      env: { GREETING: 'bonjour' },
      args: ['--mcp-config', cfg],
      settings: (sb) => ({
        permissions: { allow: ['mcp__demo'] },
        hooks: {
          PreToolUse: [group([sb.hook('pre')], 'mcp__demo__.*')],
          PostToolUse: [group([sb.hook('post')], 'mcp__demo__echo')],
        },
      }),
      script: [
        call('mcp__demo__echo', { text: 'hi' }, 'c1'),
        call('mcp__demo__add', { a: 2, b: 3 }, 'c2'),
        call('mcp__demo__fail', {}, 'c3'),
        { text: 'done' },
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(json.result).toBe('done');
    expect(toolNames(calls[0]!)).toEqual(expect.arrayContaining(['mcp__demo__echo', 'mcp__demo__add', 'mcp__demo__ask']));
    const seen = results(calls[3]!);
    expect(seen.get('c1')).toBe('echo: hi (greeting bonjour, arg from-default)');
    expect(seen.get('c2')).toBe('5');
    expect(seen.get('c3')).toContain('the demo tool failed on purpose');
    expect(sb.dumps('pre').map((d) => d.tool_name)).toEqual(['mcp__demo__echo', 'mcp__demo__add', 'mcp__demo__fail']);
    expect(sb.dumps('pre')[0]).toMatchObject({ tool_input: { text: 'hi' }, tool_use_id: 'c1', mcp_server: 'demo' });
    const post = sb.dumps('post');
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({
      tool_name: 'mcp__demo__echo',
      mcp_server: 'demo',
      tool_input: { text: 'hi' },
      tool_response: { content: [{ type: 'text' }], success: true },
    });
    expect(toolBlocks(json.messages).find((b) => b.id === 'c3')!.success).toBe(false);
  });

  it('without an allow rule an MCP tool needs approval: headless, it is denied with the rule to add; a PreToolUse deny blocks it', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo() });
    const { run, calls } = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg],
      settings: (sb) => ({
        permissions: { allow: ['mcp__demo__add'] },
        hooks: {
          PreToolUse: [
            group(
              [
                sb.hook('deny', {
                  stdout: answer({
                    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no adding today' },
                  }),
                }),
              ],
              'mcp__demo__add',
            ),
          ],
        },
      }),
      script: [call('mcp__demo__echo', { text: 'x' }, 'c1'), call('mcp__demo__add', { a: 1, b: 1 }, 'c2'), { text: 'ok' }],
    });
    expect(run.code, run.stderr).toBe(0);
    const seen = results(calls[2]!);
    expect(seen.get('c1')).toContain('"allow": ["mcp__demo__echo"]');
    expect(seen.get('c2')).toContain('no adding today');
  });

  it('a streamable HTTP server with headers, expanded from the environment', async () => {
    const http = await startHttpServer();
    try {
      const sb = new Sandbox();
      const cfg = mcpConfig(sb, { web: { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${WEB_TOKEN}' } } });
      const { run, calls } = await scenario({
        sandbox: sb,
        env: { WEB_TOKEN: 'sekrit' },
        args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
        script: [call('mcp__web__greet', { name: 'Ada' }, 'g1'), { text: 'ok' }],
      });
      expect(run.code, run.stderr).toBe(0);
      expect(results(calls[1]!).get('g1')).toBe('hello Ada over http (auth: Bearer sekrit)');
    } finally {
      await http.close();
    }
  });

  it('a server that crashes: the call fails with the reason, a notice names the server and its stderr; a server that cannot start does not stop the others', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo(), broken: demo({ args: [STDIO_SERVER, '--crash-on-start'] }) });
    const { run, json, calls } = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      script: [call('mcp__demo__crash', {}, 'k1'), { text: 'ok' }],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(results(calls[1]!).get('k1')).toMatch(/Connection closed|not connected/);
    const notices = errorTexts(json.messages).join('\n');
    expect(notices).toContain('MCP server "broken"');
    expect(notices).toContain('cannot open the database /nowhere/db');
    expect(notices).toMatch(/MCP server "demo" .*failed: the server closed the connection/);
    expect(notices).toContain('demo server: fatal error, exiting');
  });

  it('garbage on stdout disconnects the server with the reason; an oversized result is cut with a note', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo(), other: demo() });
    const { run, json, calls } = await scenario({
      sandbox: sb,
      env: { MAX_MCP_OUTPUT_TOKENS: '100' },
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      script: [call('mcp__other__big', { n: 1000 }, 'b1'), call('mcp__demo__garbage', {}, 'g1'), { text: 'ok' }],
    });
    expect(run.code, run.stderr).toBe(0);
    const big = results(calls[1]!).get('b1')!;
    expect(big.startsWith('x'.repeat(400))).toBe(true);
    expect(big).toContain('[output cut: the MCP tool returned 1000 characters; the first 400 are shown');
    expect(errorTexts(json.messages).join('\n')).toContain('not a JSON-RPC message');
    expect(results(calls[2]!).get('g1')).toMatch(/Connection closed|not connected/);
  });

  it('a project’s .mcp.json server waits for approval; a bad entry is positioned and the other servers start; approved, it runs', async () => {
    const sb = new Sandbox();
    sb.file('.mcp.json', JSON.stringify({ mcpServers: { proj: demo(), bad: { command: 42 }, 'no good': demo() } }, null, 2));
    const first = await scenario({
      sandbox: sb,
      args: ['--permission-mode', 'bypassPermissions'],
      script: [call('mcp__proj__echo', { text: 'a' }, 'p1'), { text: 'ok' }],
    });
    expect(results(first.calls[1]!).get('p1')).toContain('No such tool: mcp__proj__echo');
    const notices = errorTexts(first.json.messages).join('\n');
    expect(notices).toContain('MCP server "proj"');
    expect(notices).toContain('wave mcp approve proj');
    expect(notices).toMatch(/\.mcp\.json:\d+: mcpServers\.bad\.command: command must be a string/);
    expect(notices).toContain('server name "no good"');

    const approve = await sb.wave(['mcp', 'approve', 'proj']);
    expect(approve.code, approve.stderr).toBe(0);
    const second = await scenario({
      sandbox: sb,
      args: ['--permission-mode', 'bypassPermissions'],
      script: [call('mcp__proj__echo', { text: 'b' }, 'p2'), { text: 'ok' }],
    });
    expect(results(second.calls[1]!).get('p2')).toContain('echo: b');

    // The approval is for this configuration: a changed command needs a new one.
    sb.file('.mcp.json', JSON.stringify({ mcpServers: { proj: demo({ args: [STDIO_SERVER, 'changed'] }) } }));
    const list = await sb.wave(['mcp', 'list', '--json']);
    const proj = (JSON.parse(list.stdout) as { servers: Array<{ name: string; status: { state: string } }> }).servers.find((s) => s.name === 'proj');
    expect(proj!.status.state).toBe('needs-approval');
  });

  it('wave mcp list shows each server with its source, state and tools', async () => {
    const sb = new Sandbox();
    sb.userSettingsFile({ mcpServers: { demo: demo() } });
    const list = await sb.wave(['mcp', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('demo  [user] stdio:');
    expect(list.stdout).toContain('connected');
    expect(list.stdout).toContain('mcp__demo__echo');
  });
});

describe('hooks around MCP', () => {
  it('an mcp_tool hook calls a server’s tool with ${path} templates from the event and its answer is a hook answer', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo() });
    const { run, json, calls } = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      settings: () => ({
        hooks: { PreToolUse: [group([{ type: 'mcp_tool', server: 'demo', tool: 'judge', input: { path: '${tool_input.file_path}' } }], 'Write')] },
      }),
      script: (sb) => [
        call('Write', { file_path: join(sb.workdir, 'secret.txt'), content: 'x' }, 'w1'),
        call('Write', { file_path: join(sb.workdir, 'fine.txt'), content: 'y' }, 'w2'),
        { text: 'ok' },
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    const seen = results(calls[2]!);
    expect(seen.get('w1')).toContain(`the judge says no to ${join(sb.workdir, 'secret.txt')}`);
    expect(seen.get('w2')).not.toContain('judge');
    const runs = hookRuns(json.messages).filter((r) => r.event === 'PreToolUse');
    expect(runs.map((r) => r.verdict)).toEqual(['denied', 'ok']);
  });

  it('an mcp_tool hook whose server is not connected is a non-blocking error that says so', async () => {
    const { run, json, calls } = await scenario({
      args: ['--permission-mode', 'bypassPermissions'],
      settings: () => ({ hooks: { PreToolUse: [group([{ type: 'mcp_tool', server: 'nowhere', tool: 'judge' }], 'Write')] } }),
      script: (sb) => [call('Write', { file_path: join(sb.workdir, 'a.txt'), content: 'x' }, 'w1'), { text: 'ok' }],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(results(calls[1]!).get('w1')).not.toContain('nowhere');
    expect(errorTexts(json.messages).join('\n')).toMatch(/no MCP server "nowhere" is configured/);
  });

  it('PostToolUse updatedMCPToolOutput replaces what the model sees of an MCP tool', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo() });
    const { run, calls } = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          PostToolUse: [
            group(
              [sb.hook('redact', { stdout: answer({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedMCPToolOutput: 'REDACTED BY HOOK' } }) })],
              'mcp__demo__echo',
            ),
          ],
        },
      }),
      script: [call('mcp__demo__echo', { text: 'password123' }, 'e1'), { text: 'ok' }],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(results(calls[1]!).get('e1')).toBe('REDACTED BY HOOK');
    expect(sb.dumps('redact')[0]!.tool_response.content[0].text).toContain('password123');
  });

  it('an elicitation answered by an Elicitation hook, seen by ElicitationResult; declined by exit 2; declined with a notice when no one answers', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo() });
    const accept = answer({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { name: 'v2' } } });
    const { run, calls } = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({
        hooks: {
          Elicitation: [group([sb.hook('elicit', { stdout: accept })], 'demo')],
          ElicitationResult: [group([sb.hook('result')])],
        },
      }),
      script: [call('mcp__demo__ask', {}, 'a1'), { text: 'ok' }],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(results(calls[1]!).get('a1')).toBe('elicitation accept {"name":"v2"}');
    expect(sb.dumps('elicit')[0]).toMatchObject({
      hook_event_name: 'Elicitation',
      mcp_server_name: 'demo',
      message: 'Which name should the release have?',
      mode: 'form',
      requested_schema: { type: 'object', required: ['name'] },
    });
    expect(sb.dumps('result')[0]).toMatchObject({ hook_event_name: 'ElicitationResult', mcp_server_name: 'demo', action: 'accept', content: { name: 'v2' } });

    const declined = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      settings: (sb) => ({ hooks: { Elicitation: [group([sb.hook('no', { stderr: 'not now', exit: 2 })])] } }),
      script: [call('mcp__demo__ask', {}, 'a2'), { text: 'ok' }],
    });
    expect(results(declined.calls[1]!).get('a2')).toBe('elicitation decline');

    const nobody = await scenario({
      sandbox: sb,
      settings: () => ({}),
      args: ['--mcp-config', cfg, '--permission-mode', 'bypassPermissions'],
      script: [call('mcp__demo__ask', {}, 'a3'), { text: 'ok' }],
    });
    expect(results(nobody.calls[1]!).get('a3')).toBe('elicitation decline');
    expect(errorTexts(nobody.json.messages).join('\n')).toContain('MCP server "demo" asked for input');
  });
});

describe('matchers on MCP tools', () => {
  it('are checked once the tools are known: a server that is not configured or not connected, a tool it does not have', async () => {
    const sb = new Sandbox();
    const cfg = mcpConfig(sb, { demo: demo(), broken: demo({ args: [STDIO_SERVER, '--crash-on-start'] }) });
    const { json } = await scenario({
      sandbox: sb,
      args: ['--mcp-config', cfg],
      settings: (sb) => ({
        hooks: {
          PreToolUse: [
            group([sb.hook('a')], 'mcp__github__.*'),
            group([sb.hook('b')], 'mcp__broken__x'),
            group([sb.hook('c')], 'mcp__demo__nope'),
            group([sb.hook('d')], 'mcp__demo__.*'),
          ],
        },
      }),
      script: [{ text: 'ok' }],
    });
    const notices = errorTexts(json.messages).join('\n');
    expect(notices).toMatch(/PreToolUse\[0\]\.matcher.*"mcp__github__\.\*".*the MCP server "github" is not configured/);
    expect(notices).toMatch(/PreToolUse\[1\]\.matcher.*the MCP server "broken" is not connected/);
    expect(notices).toMatch(/PreToolUse\[2\]\.matcher.*"mcp__demo__nope" matches no tool of the connected MCP servers \(demo: mcp__demo__echo/);
    expect(notices).not.toContain('PreToolUse[3]');
  });
});

describe('Agent.create with MCP servers', () => {
  it('starts Agent.create({ mcpServers }) servers; in an untrusted workspace the project’s servers do not start, the user’s do', async () => {
    const { Agent } = await import('../../sidecar/src/app/sdk.js');
    const { mcpOf } = await import('../../sidecar/src/app/mcp.js');
    const sb = new Sandbox();
    sb.file('.mcp.json', JSON.stringify({ mcpServers: { proj: demo() } }));
    sb.userSettingsFile({ mcpServers: { mine: demo() } });
    const agent = await Agent.create({ workdir: sb.workdir, homeDir: sb.home, trustProject: false, mcpServers: { given: demo() } });
    try {
      const states = Object.fromEntries(
        mcpOf(agent)!
          .servers()
          .map((s) => [s.name, s.status.state]),
      );
      expect(states).toEqual({ mine: 'connected', proj: 'untrusted', given: 'connected' });
      expect(agent.tools.get('mcp__given__echo')).toBeDefined();
      expect(agent.tools.get('mcp__proj__echo')).toBeUndefined();
      expect(errorTexts(agent.messages as never).join('\n')).toContain('MCP server "proj"');
    } finally {
      await agent.destroy();
    }
  });
});
