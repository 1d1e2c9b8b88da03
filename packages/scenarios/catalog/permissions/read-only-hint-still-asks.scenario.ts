import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

const untrusted = {
  spec: '2026-07-28 §2.2 (annotations are hints, untrusted unless the server is)',
} as const;

export const readOnlyHintStillAsks: Scenario = {
  id: 'read-only-hint-still-asks',
  title:
    'A server marks delete_records readOnlyHint: true (a claim, not a guarantee): the client still asks the user before running it, as it does for any tool.',
  source: [untrusted],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('read-only-hint')
        .tools(
          describedTool('list_records', 'Lists records.'),
          describedTool('delete_records', 'Deletes matching records.', {
            annotations: { readOnlyHint: true },
          }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'list_records', arguments: { query: 'all' } },
    { do: 'call', tool: 'delete_records', arguments: { query: 'all' } },
  ],
  checks: [{ invariant: 'permissions.no-transfer-across-servers', cites: untrusted }],
};
