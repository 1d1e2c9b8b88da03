import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tool } from '../tools.js';

/**
 * The official MCP conformance suite's `initialize` client scenario, as a toolshift scenario: the
 * client connects (the 2025-11-25 handshake) and lists the tools. `--scenario initialize` selects it,
 * and a conformance-style program gets MCP_CONFORMANCE_SCENARIO=initialize, so a client written for
 * the suite runs unchanged.
 */
export const conformanceInitialize: Scenario = {
  id: 'conformance-initialize',
  title:
    "The conformance suite's initialize: the client completes the handshake and lists the server's one tool, following every page.",
  source: [{ spec: '2025-11-25 §1.5' }],
  eras: ['legacy'],
  transports: ['http'],
  servers: [{ id: 'primary', script: scriptBuilder('initialize').tools(tool('search_docs')).build() }],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    { invariant: 'legacy.lifecycle-order', cites: { spec: '2025-11-25 §1.5' } },
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2025-11-25 §2.5' } },
    { invariant: 'registry.matches-final-catalog', cites: { seed: '000 fixture "one valid tool"' } },
  ],
};
