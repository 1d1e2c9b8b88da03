import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

/** `type: "strng"` is not a JSON Schema type: the schema fails the 2020-12 meta-schema. */
const invalid = { type: 'object', properties: { path: { type: 'strng' } }, required: ['path'] };

export const invalidSchema: Scenario = {
  id: 'invalid-schema',
  title:
    'One tool has an invalid input schema: the client validates it out, says so, and keeps the three valid tools usable.',
  source: [{ seed: '000 fixture "invalid schema"' }, { spec: '2026-07-28 §2.4' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('invalid-schema')
        .tools(
          tool('search_docs'),
          tool('read_doc'),
          tool('broken_upload', { inputSchema: invalid }),
          tool('list_docs'),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle', until: 'quiet' },
    { do: 'call', tool: 'list_docs', arguments: { query: 'all' } },
  ],
  checks: [
    {
      invariant: 'registry.invalid-schema-reported',
      params: { tool: 'broken_upload' },
      cites: { seed: '000 (tool schemas should be validated before use)' },
    },
    {
      invariant: 'registry.final-exposure',
      params: { includes: ['search_docs', 'read_doc', 'list_docs'] },
      cites: { seed: '000 fixture "invalid schema"' },
    },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2026-07-28 §2.4' } },
  ],
};
