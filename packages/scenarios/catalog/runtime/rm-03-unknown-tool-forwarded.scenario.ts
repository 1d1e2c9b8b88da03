import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const rm03UnknownToolForwarded: Scenario = {
  id: 'rm-03-unknown-tool-forwarded',
  title:
    'The model calls delete_file on a server that only has read_file and write_file: no tools/call for it reaches the server, and the model gets an error naming the valid tools.',
  source: [{ case: 'RM-03' }, { seed: '000 (do not silently redirect to another similarly named tool)' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'files',
      script: scriptBuilder('rm-03')
        .tools(describedTool('read_file', 'Reads a file.'), describedTool('write_file', 'Writes a file.'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-request' },
    { do: 'model-call', pick: { name: 'delete_file' }, arguments: { query: '/tmp/a' } },
  ],
  checks: [
    { invariant: 'model.calls-routed', cites: { case: 'RM-03 E1' } },
    {
      // E1: "if the client re-lists first to check for a new tool, it makes at most one tools/list"
      // — counted while the client answers the call, so a host's listing before each model request
      // (connect, the model request, the model call's turn: three) is not a re-list for delete_file.
      invariant: 'discovery.list-requests',
      params: { atMost: 1, answeringModelCalls: true },
      cites: { case: 'RM-03 E1' },
    },
    { invariant: 'model.unknown-tool-error-lists-tools', cites: { case: 'RM-03 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'RM-03 E2' } },
  ],
};
