import { restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const lc10OfflineToOnline: Scenario = {
  id: 'lc-10-offline-to-online',
  title:
    'A proxy starts offline with only status_offline, then comes online with search and fetch and announces it: the next turn sees search and fetch, and status_offline is gone.',
  source: [{ case: 'LC-10' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'proxy',
      script: scriptBuilder('lc-10')
        .tools(describedTool('status_offline', 'Reports that the upstream is offline.'))
        .step(
          'go-online',
          restoreSnapshot([
            describedTool('search', 'Searches the upstream index.'),
            describedTool('fetch', 'Fetches a document from the upstream.'),
          ]),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'go-online' },
    { do: 'settle' },
    { do: 'call', tool: 'search', arguments: { query: 'status' } },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-10 E1' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['search', 'fetch'] },
      cites: { case: 'LC-10 E1' },
    },
    { invariant: 'registry.no-stale-exposure', cites: { case: 'LC-10 E1' } },
    { invariant: 'calls.current-tools-callable', cites: { case: 'LC-10 E1' } },
  ],
};
