import { emitListChanged, restartServer, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

const described = 'Counts detections over a look-back window.';
const phase1 = describedTool('count_detections', described, {
  inputSchema: { type: 'object', properties: { duration: { type: 'string' } }, required: ['duration'] },
});
const phase2 = describedTool('count_detections', described, {
  inputSchema: {
    type: 'object',
    properties: { lookback: { type: 'string' } },
    required: ['lookback'],
    additionalProperties: false,
  },
});

export const sc06StaleSchemaAfterRestart: Scenario = {
  id: 'sc-06-stale-schema-after-restart',
  title:
    'The server restarts with count_detections’ required duration renamed to lookback and announces it: the client re-lists, the model is shown the new schema, and a call with the stale argument never reaches the server unchanged or comes back as a correctable error.',
  source: [{ case: 'SC-06' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('sc-06')
        .tools(phase1)
        .step('restart-with-new-schema', restartServer({ tools: [phase2] }))
        .step('announce', emitListChanged())
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'Counts detections' }, arguments: { duration: '24h' } },
    { do: 'step', step: 'restart-with-new-schema' },
    { do: 'settle' },
    { do: 'step', step: 'announce' },
    { do: 'settle' },
    {
      do: 'model-call',
      pick: { description: 'Counts detections', from: 'last-request' },
      arguments: { duration: '24h' },
    },
    { do: 'model-call', pick: { description: 'Counts detections' }, arguments: { lookback: '24h' } },
  ],
  checks: [
    { invariant: 'registry.current-contracts', cites: { case: 'SC-06 E1' } },
    { invariant: 'execution.arguments-fit-current-contract', cites: { case: 'SC-06 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'SC-06 E3' } },
  ],
};
