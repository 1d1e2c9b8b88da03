import { afterRequests, removeTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc01ToolRemovedAfterCall: Scenario = {
  id: 'lc-01-tool-removed-after-call',
  title:
    'Variant: after the client calls alpha the server removes alpha and announces it: after the refresh alpha is no longer offered.',
  source: [{ case: 'LC-01 E3' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-01-remove')
        .tools(tool('alpha'), tool('beta'))
        .step(
          'remove-alpha-after-call',
          removeTool('alpha'),
          afterRequests(1, { method: 'tools/call', tool: 'alpha' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'last time' } },
    { do: 'settle' },
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
    { invariant: 'registry.final-exposure', params: { exactly: ['beta'] }, cites: { case: 'LC-01 E3' } },
    { invariant: 'registry.no-stale-exposure', cites: { case: 'LC-01 E3' } },
  ],
};
