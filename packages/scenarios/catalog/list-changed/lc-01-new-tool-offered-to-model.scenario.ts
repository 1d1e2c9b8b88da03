import { addTool, afterRequests, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const lc01NewToolOfferedToModel: Scenario = {
  id: 'lc-01-new-tool-offered-to-model',
  title:
    'The model calls alpha; the server then adds beta and announces it: the next model request offers beta, and the model can call it in the same session.',
  source: [{ case: 'LC-01 E2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-01-model')
        .tools(describedTool('alpha', 'Looks up alpha records.'))
        .step(
          'add-beta-after-alpha',
          addTool(describedTool('beta', 'Looks up beta records, added at runtime.')),
          afterRequests(1, { method: 'tools/call', tool: 'alpha' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'alpha records' }, arguments: { query: 'first' } },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'beta records' }, arguments: { query: 'second' } },
  ],
  checks: [
    {
      // E1 "within a short bound (e.g. 2 s)": logical time stands still here, and wall-clock time would
      // measure the machine's load; the settle step waits for the re-list, which must come before the
      // client next uses tools (a re-list only with that use reacts to the use, not to the signal).
      invariant: 'change.relisted-within-bound',
      params: { beforeNextUse: true },
      cites: { case: 'LC-01 E1' },
    },
    {
      invariant: 'model.request-offers',
      params: { includes: ['alpha', 'beta'] },
      cites: { case: 'LC-01 E2' },
    },
    { invariant: 'model.calls-routed', cites: { case: 'LC-01 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'LC-01 E2' } },
  ],
};
