import { restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc11RefreshReplacesNotMerges: Scenario = {
  id: 'lc-11-refresh-replaces-not-merges',
  title:
    'The set goes from {alpha, beta} to {beta, gamma} with one notification: after the refresh the client exposes exactly {beta, gamma}.',
  source: [{ case: 'LC-11' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-11')
        .tools(tool('alpha'), tool('beta'))
        .step('swap', restoreSnapshot([tool('beta'), tool('gamma')]))
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }, { do: 'step', step: 'swap' }, { do: 'settle' }],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-11 S2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['beta', 'gamma'] },
      cites: { case: 'LC-11 E1' },
    },
    { invariant: 'registry.no-stale-exposure', cites: { case: 'LC-11 E1 (replace, not merge)' } },
    { invariant: 'registry.never-mixed', cites: { case: 'LC-11 E1' } },
  ],
};
