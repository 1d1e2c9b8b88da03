import { addTool, afterRequests, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc02NotificationOnPostStream: Scenario = {
  id: 'lc-02-notification-on-post-stream',
  title:
    'Variant B: the list_changed travels on the SSE response stream of an unrelated tools/call in flight: the client still re-lists in the same session.',
  source: [{ case: 'LC-02 S4' }, { spec: '2025-11-25 §5.2' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-02-post')
        .tools(tool('alpha'))
        .streams({ postResponse: 'sse' })
        .notifications({ legacyRoute: 'post' })
        .step(
          'add-beta-mid-call',
          addTool(tool('beta')),
          afterRequests(1, { method: 'tools/call', tool: 'alpha', phase: 'received' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'carrier' } },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-02 E1' } },
    { invariant: 'legacy.same-session-relist', cites: { case: 'LC-02 E2' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: ['alpha', 'beta'] },
      cites: { case: 'LC-02 E1' },
    },
  ],
};
