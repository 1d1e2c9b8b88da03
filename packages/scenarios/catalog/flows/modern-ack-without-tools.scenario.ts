import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const modernAckWithoutTools: Scenario = {
  id: 'seed-002-modern-ack-without-tools',
  title:
    'The listen acknowledgement leaves out toolsListChanged: the client does not wait for notifications that will never come, and its backstop still picks up a change.',
  source: [
    { seed: '002 (wait for notifications/subscriptions/acknowledged and verify the acknowledged filter)' },
    { spec: '2026-07-28 §4.2' },
  ],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('modern-ack-without-tools')
        .eras('modern')
        .tools(tool('alpha'))
        .listen({ honor: { toolsListChanged: false } })
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-beta' },
    { do: 'advance-clock', ms: 300_000, on: 'client' },
    { do: 'settle' },
  ],
  checks: [
    {
      invariant: 'modern.subscribes-to-tool-changes',
      cites: { seed: '002 (open subscriptions/listen requesting toolsListChanged=true)' },
    },
    {
      invariant: 'discovery.list-requests',
      params: { atLeast: 2 },
      cites: { seed: '002 (use a conservative polling/revalidation policy as a backstop)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '002 (verify the acknowledged filter)' } },
  ],
};
