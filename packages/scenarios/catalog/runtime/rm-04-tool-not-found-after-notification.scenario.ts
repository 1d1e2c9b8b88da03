import { afterRequests, removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const rm04ToolNotFoundAfterNotification: Scenario = {
  id: 'rm-04-tool-not-found-after-notification',
  title:
    'Variant: get_symbols is removed and announced after the first get_strings call; the model still calls it from the request it was shown: an error result comes back, and the next request no longer offers it.',
  source: [{ case: 'RM-04 S1' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rm-04-notified')
        .tools(
          describedTool('get_strings', 'Gets the strings of a binary.'),
          describedTool('get_symbols', 'Gets the symbols of a binary.'),
        )
        .step(
          'drop-symbols',
          removeTool('get_symbols'),
          afterRequests(1, { method: 'tools/call', tool: 'get_strings' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'Gets the strings' }, arguments: { query: 'a.out' } },
    {
      do: 'model-call',
      pick: { description: 'Gets the symbols', from: 'last-request' },
      arguments: { query: 'a.out' },
    },
    { do: 'settle' },
    { do: 'model-request' },
  ],
  checks: [
    { invariant: 'model.every-call-answered', cites: { case: 'RM-04 E1' } },
    { invariant: 'model.requests-built', cites: { case: 'RM-04 E2' } },
    { invariant: 'model.request-offers', params: { excludes: ['get_symbols'] }, cites: { case: 'RM-04 E2' } },
  ],
};
