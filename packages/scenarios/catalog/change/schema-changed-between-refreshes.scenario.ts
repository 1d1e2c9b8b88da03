import { changeSchema, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

const before = {
  type: 'object',
  properties: { duration: { type: 'string', description: 'Look-back window, e.g. 24h.' } },
  required: ['duration'],
};
const after = {
  type: 'object',
  properties: { lookback: { type: 'string', description: 'Look-back window, e.g. 24h.' } },
  required: ['lookback'],
  additionalProperties: false,
};

export const schemaChangedBetweenRefreshes: Scenario = {
  id: 'schema-changed-between-refreshes',
  title:
    'A required parameter is renamed and announced: the client exposes the new schema and calls with it.',
  source: [{ seed: '000 fixture "schema changes between refreshes"' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('schema-changed-between-refreshes')
        .tools(tool('count_detections', { inputSchema: before }))
        .step('rename-parameter', changeSchema('count_detections', { inputSchema: after }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'rename-parameter' },
    { do: 'settle' },
    { do: 'call', tool: 'count_detections', arguments: { lookback: '24h' } },
  ],
  checks: [
    { invariant: 'modern.subscribes-to-tool-changes', cites: { seed: '002 (listen with toolsListChanged)' } },
    { invariant: 'change.relists-after-signal', cites: { seed: '002 (refresh tools/list on notification)' } },
    {
      invariant: 'change.relist-completes-after-signal',
      cites: { seed: '002 (follow nextCursor until complete)' },
    },
    {
      invariant: 'registry.current-contracts',
      cites: { seed: '000 (schema changes are more dangerous than removal)' },
    },
    {
      invariant: 'registry.schemas-as-served',
      cites: { seed: '000 (adapt schemas per provider; fail clearly rather than weaken silently)' },
    },
    {
      invariant: 'registry.matches-final-catalog',
      cites: { seed: '000 fixture "schema changes between refreshes"' },
    },
    {
      invariant: 'calls.current-tools-callable',
      cites: { seed: '000 (validate arguments against the current contract)' },
    },
  ],
};
