import { addPrompt, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const promptsAddedAtRuntime: Scenario = {
  id: 'prompts-added-at-runtime',
  title:
    'The server adds a prompt while the client runs and announces it with notifications/prompts/list_changed: the client lists prompts again instead of serving a cached prompt list.',
  source: [{ spec: '2025-11-25 §4.1' }, { spec: '2026-07-28 §4.2' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  requires: ['prompts'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('prompts-added')
        .tools(tool('alpha'))
        .prompts({
          name: 'summarize',
          description: 'Summarize a document',
          arguments: [{ name: 'uri', required: true }],
        })
        .step('add-review', addPrompt({ name: 'review', description: 'Review a change' }))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open', direction: 'out' } },
    { do: 'step', step: 'add-review' },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [
    {
      invariant: 'change.list-relisted-after-signal',
      params: { list: 'prompts' },
      cites: { spec: '2026-07-28 §4.2 (promptsListChanged)' },
    },
    {
      invariant: 'wire.request-count',
      params: { method: 'prompts/list', atLeast: 2 },
      cites: { spec: '2025-11-25 §4.1 (re-list after list_changed)' },
    },
    {
      // What the user sees, not only the wire: judged for hosts that report the prompts they show.
      invariant: 'lists.reported-current',
      params: { list: 'prompts' },
      cites: { spec: '2026-07-28 §4.2 (promptsListChanged)' },
    },
  ],
  // The title is about the re-list on the wire; a host that does not report what it shows is judged on that.
  essential: ['change.list-relisted-after-signal', 'wire.request-count'],
};
