import { changeSchema, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';

const search = {
  name: 'search',
  description: 'Search the index',
  inputSchema: { type: 'object' as const, properties: { query: { type: 'string' } } },
  outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
};

export const outputSchemaDroppedAfterChange: Scenario = {
  id: 'output-schema-dropped-after-change',
  title:
    'The server drops a tool’s outputSchema and announces it; its results then carry no structuredContent: the client re-lists and keeps calling the tool, instead of rejecting results against the schema it cached.',
  source: [{ spec: '2026-07-28 §3' }, { spec: '2025-11-25 §4.1' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('output-schema-dropped')
        .tools(search)
        .step('drop-output-schema', changeSchema('search', { outputSchema: null }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'search', arguments: { query: 'before' } },
    { do: 'step', step: 'drop-output-schema' },
    { do: 'settle' },
    { do: 'call', tool: 'search', arguments: { query: 'after' } },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { spec: '2025-11-25 §4.1' } },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §2.2' } },
    {
      invariant: 'calls.last-call-succeeds',
      params: { tool: 'search' },
      cites: { spec: '2026-07-28 §3 (structuredContent conforms to outputSchema only when one is defined)' },
    },
  ],
};
