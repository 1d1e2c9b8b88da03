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
    // The unknown call sets off no re-listing: at most the connect's listing and one per model request
    // for a host that lists before each (an agent-turn host runs the request and the call as two turns).
    { invariant: 'discovery.list-requests', params: { atMost: 3 }, cites: { case: 'RM-03 E1' } },
    { invariant: 'model.unknown-tool-error-lists-tools', cites: { case: 'RM-03 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'RM-03 E2' } },
  ],
};
