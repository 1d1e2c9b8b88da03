import { addTool, afterRequests, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const lc01NoListChangedHandler: Scenario = {
  id: 'lc-01-no-list-changed-handler',
  title:
    'After the client calls alpha the server adds beta and announces it: the client re-lists promptly and beta is callable in the same session.',
  source: [{ case: 'LC-01' }, { spec: '2025-11-25 §4.1' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-01')
        .tools(tool('alpha'))
        .step(
          'add-beta-after-alpha',
          addTool(tool('beta')),
          afterRequests(1, { method: 'tools/call', tool: 'alpha' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'alpha', arguments: { query: 'first' } },
    { do: 'settle' },
    { do: 'call', tool: 'beta', arguments: { query: 'second' } },
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
      invariant: 'registry.final-exposure',
      params: { exactly: ['alpha', 'beta'] },
      cites: { case: 'LC-01 E2' },
    },
    { invariant: 'calls.current-tools-callable', cites: { case: 'LC-01 E2' } },
  ],
};
