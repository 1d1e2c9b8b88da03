import { removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const rm01ToolRemovedMidTurn: Scenario = {
  id: 'rm-01-tool-removed-mid-turn',
  title:
    'Reverse case: the model was shown do_work, then the server removes it and announces it, and the model calls it anyway: it gets a clear tool error back, not a crash.',
  source: [{ case: 'RM-01 E2' }, { seed: '000 (tool removal: surface a capability-change error)' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('rm-01-removed')
        .tools(
          describedTool('load_toolset', 'Loads the work toolset.'),
          describedTool('do_work', 'Does the work the toolset is for.'),
        )
        .step('remove-do-work', removeTool('do_work'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-request' },
    { do: 'step', step: 'remove-do-work' },
    // The announcement reaches the client before the model's call (the case's order: removed and
    // notified, then called). Without this wait the call raced the notification, and which one
    // won depended on the transport (msw delivers in the same turn, HTTP a socket read later).
    { do: 'settle', until: 'quiet' },
    {
      do: 'model-call',
      pick: { description: 'Does the work', from: 'last-request' },
      arguments: { query: 'now' },
    },
    { do: 'settle' },
    { do: 'model-request' },
  ],
  checks: [
    { invariant: 'model.every-call-answered', cites: { case: 'RM-01 E2' } },
    { invariant: 'model.requests-built', cites: { case: 'RM-01 E2' } },
    {
      invariant: 'model.request-offers',
      params: { excludes: ['do_work'] },
      cites: { seed: '000 (tool removal must revoke exposure immediately)' },
    },
  ],
};
