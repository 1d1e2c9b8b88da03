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
  source: [{ seed: '000 fixture "schema changes between refreshes"' }, { case: 'SC-06' }],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('schema-changed-between-refreshes')
    .tools(tool('count_detections', { inputSchema: before }))
    .step('rename-parameter', changeSchema('count_detections', { inputSchema: after }))
    .build(),
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'rename-parameter' },
    { do: 'settle' },
    { do: 'call', tool: 'count_detections', arguments: { lookback: '24h' } },
  ],
  invariants: [
    'modern.subscribes-to-tool-changes',
    'change.relists-after-signal',
    'change.relist-completes-after-signal',
    'registry.current-contracts',
    'registry.matches-final-catalog',
    'calls.current-tools-callable',
  ],
};
