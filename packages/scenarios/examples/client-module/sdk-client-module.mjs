// A client module for `toolshift run --client-module sdk-client-module.mjs`: a ClientAdapterFactory
// wrapping the official @modelcontextprotocol/client Client. Replace the MCP part with your own
// client; the shape (name, kind, capabilities, create() → connect/callTool/close) stays.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** @typedef {import('@toolshift/scenarios').ClientAdapter} ClientAdapter */

/** @returns {ClientAdapter} */
function createAdapter() {
  /** serverId → { client, tools } */
  const connections = new Map();
  let observer;
  // Report the complete set of tools the host exposes, over every server, whenever it changes.
  const exposeAll = () =>
    observer.exposure(
      [...connections.entries()].flatMap(([serverId, { tools }]) =>
        tools.map(({ name, description, inputSchema }) => ({ serverId, name, description, inputSchema })),
      ),
    );
  return {
    async connect(target, toolshiftObserver) {
      observer = toolshiftObserver;
      const connection = { client: undefined, tools: [] };
      connections.set(target.serverId, connection);
      connection.client = new Client(
        { name: 'example-client-module', version: '1.0.0' },
        {
          ...(target.era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {}),
          listChanged: {
            tools: {
              onChanged: (error, tools) => {
                if (error) observer.warning({ serverId: target.serverId, message: error.message });
                else if (tools) {
                  connection.tools = tools;
                  exposeAll();
                }
              },
            },
          },
        },
      );
      await connection.client.connect(new StreamableHTTPClientTransport(new URL(target.url)));
      connection.tools = (await connection.client.listTools()).tools;
      exposeAll();
    },
    async callTool(name, args, serverId) {
      const connection = serverId ? connections.get(serverId) : connections.values().next().value;
      try {
        const result = await connection.client.callTool({ name, arguments: args });
        return result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result };
      } catch (error) {
        return { ok: false, error: error.message };
      }
    },
    async close() {
      await Promise.all([...connections.values()].map(({ client }) => client?.close().catch(() => {})));
    },
  };
}

/** @type {import('@toolshift/scenarios').ClientAdapterFactory} */
export const exampleClient = {
  name: 'example-client-module',
  kind: 'external',
  description: 'The official SDK Client, loaded from a --client-module file.',
  capabilities: { transports: ['http', 'msw'], features: [] },
  create: createAdapter,
};
