import { changeSchema, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

const described = 'Counts detections over a look-back window.';

export const sc06HostCallWithStaleArgument: Scenario = {
  id: 'sc-06-host-call-with-stale-argument',
  title:
    'count_detections’ required duration is renamed to lookback and announced; the host calls it with the new argument, then with the old one: the client, holding the new contract, never sends the stale call unchanged.',
  source: [{ case: 'SC-06' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('sc-06-host-call')
        .tools(
          describedTool('count_detections', described, {
            inputSchema: {
              type: 'object',
              properties: { duration: { type: 'string' } },
              required: ['duration'],
            },
          }),
        )
        .step(
          'rename-parameter',
          changeSchema('count_detections', {
            inputSchema: {
              type: 'object',
              properties: { lookback: { type: 'string' } },
              required: ['lookback'],
              additionalProperties: false,
            },
          }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'rename-parameter' },
    { do: 'settle' },
    { do: 'call', tool: 'count_detections', arguments: { lookback: '1h' } },
    { do: 'call', tool: 'count_detections', arguments: { duration: '24h' } },
    { do: 'call', tool: 'count_detections', arguments: { lookback: '24h' } },
  ],
  checks: [
    { invariant: 'registry.matches-final-catalog', cites: { case: 'SC-06 E1' } },
    // "Holding the new contract": without it a client that never re-listed passes the rest vacuously.
    { invariant: 'registry.current-contracts', cites: { case: 'SC-06 E1' } },
    { invariant: 'execution.arguments-fit-current-contract', cites: { case: 'SC-06 E2' } },
    {
      invariant: 'calls.last-call-succeeds',
      params: { tool: 'count_detections' },
      cites: { case: 'SC-06 E2' },
    },
  ],
};
