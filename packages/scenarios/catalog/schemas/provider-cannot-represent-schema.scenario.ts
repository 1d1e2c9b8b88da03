import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool, tool } from '../tools.js';

/** A union at the root: OpenAI strict mode needs an object root without a union. */
const rootUnion = {
  type: 'object',
  anyOf: [
    { properties: { url: { type: 'string' } }, required: ['url'] },
    { properties: { path: { type: 'string' } }, required: ['path'] },
  ],
};

export const providerCannotRepresentSchema: Scenario = {
  id: 'provider-cannot-represent-schema',
  title:
    'One tool’s schema has a root union OpenAI strict mode cannot express: the client withholds that tool with a reason and sends the others.',
  source: [{ seed: '000 fixture "provider cannot represent schema"' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('provider-cannot-represent-schema')
        .tools(
          tool('search_docs'),
          describedTool('fetch_source', 'Fetches a document by URL or by path.', { inputSchema: rootUnion }),
          tool('list_docs'),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-request', provider: 'openai-strict' },
    {
      do: 'model-call',
      pick: { description: 'list docs' },
      arguments: { query: 'all' },
      provider: 'openai-strict',
    },
  ],
  checks: [
    {
      invariant: 'model.provider-accepted',
      cites: { seed: '000 fixture "provider cannot represent schema"' },
    },
    {
      invariant: 'model.requests-built',
      cites: { seed: '000 (if translation would change semantics, fail clearly)' },
    },
    {
      invariant: 'model.nothing-silently-dropped',
      cites: { seed: '000 (fail clearly rather than silently weakening the schema)' },
    },
    {
      invariant: 'model.request-offers',
      // Withholding is owed in strict mode only: a host that sends no tool strict may send fetch_source as is.
      params: {
        includes: ['search_docs', 'list_docs'],
        excludes: ['fetch_source'],
        excludesInStrictMode: true,
      },
      cites: { seed: '000 fixture "provider cannot represent schema"' },
    },
    { invariant: 'model.calls-routed', cites: { seed: '000 (model-facing aliases keep a reverse map)' } },
  ],
};
