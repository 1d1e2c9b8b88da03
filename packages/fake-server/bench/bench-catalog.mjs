// The catalog the fake-server benchmarks serve: the same tools as the SDK baseline
// (/work/shared/bench/sdk-baseline-server.mjs), so every server serializes the same bytes.

/** `count` tools shaped like the SDK baseline's. */
export function benchTools(count) {
  return Array.from({ length: count }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool number ${i}: searches the ${i % 7} index and returns matching records.`,
    inputSchema: {
      type: 'object',
      properties: {
        q: { type: 'string', description: 'query text' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['q'],
    },
  }));
}

/** The modern (2026-07-28) `tools/list` request every throughput run sends: headers and body. */
export const toolsListRequest = {
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/list',
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'toolshift-bench', version: '0' },
      },
    },
  }),
};
