import { afterRequests, removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const rm04ToolNotFoundOrphansCall: Scenario = {
  id: 'rm-04-tool-not-found-orphans-call',
  title:
    'After the first get_strings call, get_symbols disappears without a notification; the model calls it from the request it was shown: the call gets an error result, and the next model request still works.',
  source: [{ case: 'RM-04' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rm-04')
        .tools(
          describedTool('get_strings', 'Gets the strings of a binary.'),
          describedTool('get_symbols', 'Gets the symbols of a binary.'),
        )
        .step(
          'drop-symbols',
          removeTool('get_symbols', { notify: false }),
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
    { do: 'model-request' },
  ],
  checks: [
    { invariant: 'model.every-call-answered', cites: { case: 'RM-04 E1' } },
    { invariant: 'model.requests-built', cites: { case: 'RM-04 E2' } },
  ],
};
