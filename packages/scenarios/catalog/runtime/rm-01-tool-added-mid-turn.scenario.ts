import { addTool, afterRequests, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const rm01ToolAddedMidTurn: Scenario = {
  id: 'rm-01-tool-added-mid-turn',
  title:
    'Calling load_toolset registers do_work and announces it before returning; the model then calls do_work in the same turn: the call succeeds, not “No such tool available”.',
  source: [{ case: 'RM-01' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rm-01')
        .tools(describedTool('load_toolset', 'Loads the work toolset.'))
        .streams({ postResponse: 'sse' })
        .notifications({ legacyRoute: 'post' })
        .step(
          'register-do-work',
          addTool(describedTool('do_work', 'Does the work the toolset is for.')),
          afterRequests(1, { method: 'tools/call', tool: 'load_toolset', phase: 'received' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'Loads the work toolset' }, arguments: { query: 'load' } },
    { do: 'model-call', pick: { description: 'Does the work' }, arguments: { query: 'now' } },
  ],
  checks: [
    { invariant: 'model.request-offers', params: { includes: ['do_work'] }, cites: { case: 'RM-01 E1' } },
    { invariant: 'model.calls-routed', cites: { case: 'RM-01 E1' } },
    { invariant: 'model.every-call-answered', cites: { case: 'RM-01 E1' } },
  ],
};
