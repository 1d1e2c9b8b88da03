import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';

export const emptyList: Scenario = {
  id: 'empty-list',
  title:
    'A server with no tools: the client lists once, exposes nothing, and treats it as a success, not a failure.',
  source: [{ seed: '000 fixture "empty list"' }, { case: 'PG-03 E3' }],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('empty-list').build(),
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  invariants: [
    'discovery.follows-every-cursor',
    'registry.matches-final-catalog',
    'era.no-modern-flow-in-legacy-session',
  ],
};
