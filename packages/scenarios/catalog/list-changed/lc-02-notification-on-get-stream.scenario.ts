import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc02NotificationOnGetStream: Scenario = {
  id: 'lc-02-notification-on-get-stream',
  title:
    'The list_changed arrives only on the standalone GET stream, with no request open: the client re-lists in the same session and exposes beta.',
  source: [{ case: 'LC-02' }, { spec: '2025-11-25 §5.2' }],
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-02-get')
        .tools(tool('alpha'))
        .notifications({ legacyRoute: 'get' })
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', streamPrefix: 'get-' } },
    { do: 'step', step: 'add-beta' },
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
