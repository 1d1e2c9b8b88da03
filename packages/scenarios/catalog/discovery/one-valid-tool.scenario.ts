import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const oneValidTool: Scenario = {
  id: 'one-valid-tool',
  title: 'One well-formed tool: the client exposes it with its schema and can call it.',
  source: [{ seed: '000 fixture "one valid tool"' }],
  eras: ['legacy', 'modern'],
  script: scriptBuilder('one-valid-tool').tools(tool('search_docs')).build(),
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'search_docs', arguments: { query: 'mcp' } },
  ],
  invariants: [
    'discovery.follows-every-cursor',
    'registry.matches-final-catalog',
    'registry.current-contracts',
    'calls.current-tools-callable',
  ],
};
