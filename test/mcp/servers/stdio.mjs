#!/usr/bin/env node
// A small MCP server for the tests, built with the official SDK, over stdio. Its tools: echo (with
// the MCP_DEMO_GREETING its environment got), add (read-only), big (a long text), crash (exits
// with a message on stderr), garbage (writes a line that is not JSON-RPC on stdout), ask (asks the
// client for input: an elicitation), fail (an error result), judge (a hook answer about a path). `--crash-on-start` exits at once.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

if (process.argv.includes('--crash-on-start')) {
  process.stderr.write('demo server: cannot open the database /nowhere/db\n');
  process.exit(4);
}

const server = new McpServer({ name: 'demo', version: '1.0.0' });
const text = (t) => ({ content: [{ type: 'text', text: t }] });

server.registerTool('echo', { description: 'Echoes a text', inputSchema: { text: z.string() } }, async ({ text: t }) =>
  text(`echo: ${t} (greeting ${process.env.MCP_DEMO_GREETING ?? 'unset'}, arg ${process.argv[2] ?? 'none'})`),
);
server.registerTool(
  'add',
  { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() }, annotations: { readOnlyHint: true } },
  async ({ a, b }) => text(String(a + b)),
);
server.registerTool('big', { description: 'A long text', inputSchema: { n: z.number() } }, async ({ n }) => text('x'.repeat(n)));
server.registerTool('fail', { description: 'Fails', inputSchema: {} }, async () => ({
  content: [{ type: 'text', text: 'the demo tool failed on purpose' }],
  isError: true,
}));
server.registerTool('crash', { description: 'Exits', inputSchema: {} }, async () => {
  process.stderr.write('demo server: fatal error, exiting\n');
  setTimeout(() => process.exit(3), 10);
  return new Promise(() => {});
});
server.registerTool('garbage', { description: 'Writes garbage on stdout', inputSchema: {} }, async () => {
  process.stdout.write('this is not json-rpc\n');
  return new Promise(() => {});
});
server.registerTool('judge', { description: 'A hook verdict on a path', inputSchema: { path: z.string() } }, async ({ path }) =>
  text(
    path.includes('secret')
      ? JSON.stringify({
          hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `the judge says no to ${path}` },
        })
      : '{}',
  ),
);
server.registerTool('ask', { description: 'Asks the user for a name', inputSchema: {} }, async () => {
  const r = await server.server.elicitInput({
    message: 'Which name should the release have?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string', description: 'the release name' } }, required: ['name'] },
  });
  return text(`elicitation ${r.action}${r.content ? ` ${JSON.stringify(r.content)}` : ''}`);
});

await server.connect(new StdioServerTransport());
