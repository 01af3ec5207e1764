// A small MCP server for the tests, built with the official SDK, over streamable HTTP (stateless:
// one server and transport per request). `startHttpServer()` listens on 127.0.0.1 and gives its URL.
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

function newServer(seen) {
  const server = new McpServer({ name: 'web', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greets someone', inputSchema: { name: z.string() } }, async ({ name }) => ({
    content: [{ type: 'text', text: `hello ${name} over http (auth: ${seen.authorization ?? 'none'})` }],
  }));
  return server;
}

export async function startHttpServer() {
  const http = createServer(async (req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = newServer(req.headers);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((resolve) => http.close(() => resolve())) };
}
