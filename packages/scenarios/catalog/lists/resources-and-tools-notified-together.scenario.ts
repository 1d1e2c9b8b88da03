import { addResource, addTool, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const resourcesAndToolsNotifiedTogether: Scenario = {
  id: 'resources-and-tools-notified-together',
  title:
    'A tool and a resource are added back to back, so notifications/tools/list_changed and notifications/resources/list_changed arrive together: the client re-lists both, whatever the order (one refresh does not swallow the other).',
  source: [{ spec: '2025-11-25 §4.1' }, { spec: '2026-07-28 §4.2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  requires: ['resources'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('together')
        .tools(tool('alpha'))
        .resources({ uri: 'file:///readme.md', name: 'readme' })
        .step('add-beta', addTool(tool('beta')))
        .step('add-changelog', addResource({ uri: 'file:///changelog.md', name: 'changelog' }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'step', step: 'add-beta' },
    { do: 'step', step: 'add-changelog' },
    { do: 'settle' },
  ],
  checks: [
    {
      invariant: 'change.list-relisted-after-signal',
      id: 'tools-relisted',
      params: { list: 'tools' },
      cites: { spec: '2025-11-25 §4.1' },
    },
    {
      invariant: 'change.list-relisted-after-signal',
      id: 'resources-relisted',
      params: { list: 'resources' },
      cites: { spec: '2026-07-28 §4.2' },
    },
    { invariant: 'registry.matches-final-catalog', cites: { spec: '2026-07-28 §2.2' } },
  ],
};
