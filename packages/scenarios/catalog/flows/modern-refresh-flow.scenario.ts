import { addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool, tools } from '../tools.js';

export const modernRefreshFlow: Scenario = {
  id: 'seed-002-modern-refresh-flow',
  title:
    'The 2026-07-28 flow: discover, list every page, listen for toolsListChanged, and on a change re-list from page one and replace the registry at once.',
  source: [{ seed: '002 candidate action (modern)' }, { spec: '2026-07-28 §4.2' }],
  eras: ['modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('modern-refresh-flow')
        .eras('modern')
        .tools(...tools('lookup', 5))
        .pageSize(2)
        .step('add-lookup-6', addTool(tool('lookup_6')))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'add-lookup-6' },
    { do: 'settle' },
    { do: 'call', tool: 'lookup_6', arguments: { query: 'new' } },
  ],
  checks: [
    {
      invariant: 'discovery.follows-every-cursor',
      cites: { seed: '002 (follow nextCursor until the listing is complete)' },
    },
    {
      invariant: 'modern.subscribes-to-tool-changes',
      cites: { seed: '002 (open subscriptions/listen requesting toolsListChanged=true)' },
    },
    {
      invariant: 'change.relists-after-signal',
      cites: { seed: '002 (when notifications/tools/list_changed arrives, issue a new tools/list)' },
    },
    { invariant: 'change.enumeration-restarted', cites: { seed: '002 (a fresh enumeration from page one)' } },
    {
      invariant: 'change.relist-completes-after-signal',
      cites: { seed: '002 (follow nextCursor until the listing is complete)' },
    },
    { invariant: 'registry.never-mixed', cites: { seed: '002 (atomically replace the registry)' } },
    {
      invariant: 'registry.no-stale-exposure',
      cites: { seed: '002 (atomically replace the registry before exposing)' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '002 candidate action (modern)' } },
    {
      invariant: 'calls.current-tools-callable',
      cites: { seed: '002 (new tools available without a restart)' },
    },
  ],
};
