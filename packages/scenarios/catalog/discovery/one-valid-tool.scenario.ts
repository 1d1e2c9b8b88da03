import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

export const oneValidTool: Scenario = {
  id: 'one-valid-tool',
  title: 'One well-formed tool: the client exposes it with its schema and can call it.',
  source: [{ seed: '000 fixture "one valid tool"' }],
  eras: ['legacy', 'modern', 'dual'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [{ id: 'primary', script: scriptBuilder('one-valid-tool').tools(tool('search_docs')).build() }],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'search_docs', arguments: { query: 'mcp' } },
  ],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2026-07-28 §2.5' } },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '000 fixture "one valid tool"' } },
    {
      invariant: 'registry.current-contracts',
      cites: { seed: '000 (a discovered tool is a contract snapshot)' },
    },
    {
      invariant: 'registry.schemas-as-served',
      cites: { seed: '000 (adapt schemas per provider; fail clearly rather than weaken silently)' },
    },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2026-07-28 §3' } },
  ],
};
