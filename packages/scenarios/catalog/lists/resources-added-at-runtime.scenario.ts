import { addResource, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const resourcesAddedAtRuntime: Scenario = {
  id: 'resources-added-at-runtime',
  title:
    'The server adds a resource while the client runs and announces it with notifications/resources/list_changed: the client lists resources again (it does not keep the first listing for ever).',
  source: [{ spec: '2025-11-25 §4.1' }, { spec: '2026-07-28 §4.2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  requires: ['resources'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('resources-added')
        .tools(tool('alpha'))
        .resources({ uri: 'file:///readme.md', name: 'readme', mimeType: 'text/markdown' })
        .step('add-changelog', addResource({ uri: 'file:///changelog.md', name: 'changelog' }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'step', step: 'add-changelog' },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    {
      invariant: 'change.list-relisted-after-signal',
      params: { list: 'resources' },
      cites: { spec: '2026-07-28 §4.2 (resourcesListChanged)' },
    },
    {
      invariant: 'wire.request-count',
      params: { method: 'resources/list', atLeast: 2 },
      cites: { spec: '2025-11-25 §4.1 (re-list after list_changed)' },
    },
    {
      // What the user sees, not only the wire: judged for hosts that report the resources they show.
      invariant: 'lists.reported-current',
      params: { list: 'resources' },
      cites: { spec: '2026-07-28 §4.2 (resourcesListChanged)' },
    },
  ],
  // The title is about the re-list on the wire; a host that does not report what it shows is judged on that.
  essential: ['change.list-relisted-after-signal', 'wire.request-count'],
};
