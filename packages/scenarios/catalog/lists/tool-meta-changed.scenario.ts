import { changeMetadata, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const toolMetaChanged: Scenario = {
  id: 'tool-meta-changed',
  title:
    "A tool carries _meta (a UI hint) and the server changes it while the client runs, announcing the change: the host re-lists and sees the tool's new _meta, not the old one.",
  source: [{ spec: '2026-07-28 §2.1' }, { spec: '2025-11-25 §4.1' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('tool-meta-changed')
        .tools(tool('render_chart', { _meta: { 'ui/resourceUri': 'ui://charts/v1' } }), tool('alpha'))
        .step('new-ui', changeMetadata('render_chart', { _meta: { 'ui/resourceUri': 'ui://charts/v2' } }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'step', step: 'new-ui' },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    {
      invariant: 'change.relists-after-signal',
      cites: { spec: '2025-11-25 §4.1 (re-list on list_changed)' },
    },
    { invariant: 'registry.tool-meta-as-served', cites: { spec: '2026-07-28 §2.1 (Tool _meta)' } },
  ],
};
