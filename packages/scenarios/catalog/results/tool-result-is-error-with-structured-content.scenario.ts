import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';

const search = {
  name: 'search',
  description: 'Search the index',
  inputSchema: { type: 'object' as const, properties: { query: { type: 'string' } } },
  outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
};

export const toolResultIsErrorWithStructuredContent: Scenario = {
  id: 'tool-result-is-error-with-structured-content',
  title:
    'A call fails inside the tool: the result has isError, the error text and a structuredContent that does not fit the outputSchema (an error payload). The host gets the tool’s error text, not a schema-validation failure of the client’s own.',
  source: [{ spec: '2026-07-28 §3' }, { spec: '2025-11-25 §3' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('tool-error-result')
        .tools(search)
        .answers({
          method: 'tools/call',
          tool: 'search',
          result: {
            isError: true,
            content: [{ type: 'text', text: 'rate limited: retry in 30 s' }],
            // Both forms carry the error text the check looks for: a client may hand the host the
            // structured form of a result (the text block SHOULD be its serialization, §3), and that
            // is the tool's error as much as the text is (Pydantic AI's MCPToolset prefers it).
            structuredContent: { error: 'rate limited: retry in 30 s', retryAfterSeconds: 30 },
          },
        })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'search', arguments: { query: 'mcp' } },
  ],
  checks: [
    {
      invariant: 'calls.tool-error-surfaced',
      params: { tool: 'search', text: 'rate limited' },
      cites: { spec: '2026-07-28 §3 (tool errors in the result so the model can self-correct)' },
    },
  ],
};
