import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

export const rm03HostCallForUnlistedTool: Scenario = {
  id: 'rm-03-host-call-for-unlisted-tool',
  title:
    'The host asks the client to call delete_file on a server that only lists read_file and write_file: no tools/call for it reaches the server, and none for a similarly named tool either.',
  source: [{ case: 'RM-03' }, { seed: '000 (do not silently redirect to another similarly named tool)' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'files',
      script: scriptBuilder('rm-03-host-call')
        .tools(describedTool('read_file', 'Reads a file.'), describedTool('write_file', 'Writes a file.'))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'read_file', arguments: { query: '/tmp/a' } },
    { do: 'call', tool: 'delete_file', arguments: { query: '/tmp/a' } },
  ],
  checks: [
    { invariant: 'execution.calls-only-listed-tools', cites: { case: 'RM-03 E1' } },
    {
      invariant: 'execution.no-silent-redirect',
      cites: { seed: '000 (do not silently redirect to another similarly named tool)' },
    },
  ],
};
