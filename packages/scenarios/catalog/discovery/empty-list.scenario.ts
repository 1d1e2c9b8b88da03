import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';

export const emptyList: Scenario = {
  id: 'empty-list',
  title:
    'A server with no tools: the client lists once, exposes nothing, and treats it as a success, not a failure.',
  source: [{ seed: '000 fixture "empty list"' }, { case: 'PG-03 E3' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [{ id: 'primary', script: scriptBuilder('empty-list').build() }],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { case: 'PG-03 E3' } },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '000 fixture "empty list"' } },
    {
      invariant: 'era.no-modern-flow-in-legacy-session',
      cites: { seed: '002 (do not mix the modern flow into a legacy session)' },
    },
  ],
  // Listing to the end and exposing nothing make the title true; era hygiene is judged beside it.
  essential: ['discovery.follows-every-cursor', 'registry.matches-final-catalog'],
};
