#!/usr/bin/env node
// A client program for `toolshift run --client 'command:node sdk-command-client.mjs'`: the official
// @modelcontextprotocol/client Client behind the command-client protocol (newline-delimited JSON on
// stdin/stdout). Replace the MCP part with your own client; keep the protocol part.
import { createInterface } from 'node:readline';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Writes one protocol message (one JSON object per line) to the runner. */
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

// 1. The handshake: who we are and which host features we implement.
send({
  type: 'hello',
  protocol: 1,
  name: 'example-sdk-client',
  features: ['multi-server', 'bearer-auth', 'manual-refresh'],
  transports: ['http', 'stdio'],
});

/** serverId → { client, token } */
const connections = new Map();

/** 2. Report what we expose for a server whenever it changes. */
function expose(serverId, tools) {
  send({
    type: 'tools',
    serverId,
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  });
}

async function connect({ serverId, transport, url, command, args, era, bearerToken }) {
  const connection = { client: undefined, token: bearerToken };
  const client = new Client(
    { name: 'example-sdk-client', version: '1.0.0' },
    {
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {}),
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error) send({ type: 'warning', serverId, message: `refresh failed: ${error.message}` });
            else if (tools) expose(serverId, tools);
          },
        },
      },
    },
  );
  connection.client = client;
  connections.set(serverId, connection);
  await client.connect(
    transport === 'stdio'
      ? // stdio: the runner hands us the server's command line; the SDK spawns it.
        new StdioClientTransport({ command, args })
      : new StreamableHTTPClientTransport(new URL(url), {
          authProvider: { token: async () => connection.token },
        }),
  );
  const { tools } = await client.listTools();
  expose(serverId, tools);
}

/** 3. Answer each request of the runner with a response carrying its id. */
async function handle(request) {
  const connection = connections.get(request.serverId);
  switch (request.type) {
    case 'connect':
      return connect(request);
    case 'call':
      return connection.client.callTool({ name: request.tool, arguments: request.arguments });
    case 'refresh': {
      const { tools } = await connection.client.listTools(undefined, { cacheMode: 'refresh' });
      expose(request.serverId, tools);
      return undefined;
    }
    default:
      // A request type we do not implement: answer it (never leave a request unanswered).
      throw Object.assign(new Error(`unsupported request ${request.type}`), { code: 'UNSUPPORTED_REQUEST' });
  }
}

async function shutdown() {
  await Promise.all([...connections.values()].map(({ client }) => client?.close().catch(() => {})));
  process.exit(0);
}

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const request = JSON.parse(line);
    if (request.type === 'shutdown') return void shutdown();
    handle(request).then(
      (result) => send({ type: 'response', id: request.id, ok: true, result }),
      (error) =>
        send({
          type: 'response',
          id: request.id,
          ok: false,
          error: String(error?.message ?? error),
          ...(error?.code === 'UNSUPPORTED_REQUEST' ? { code: error.code } : {}),
        }),
    );
  })
  .on('close', shutdown);
