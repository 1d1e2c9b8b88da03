import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';

/**
 * The official MCP conformance suite's `tools_call` client scenario, as a toolshift scenario: the
 * server serves the suite's `add_numbers` tool and the client lists it and calls it with two
 * numbers. `--scenario tools_call` (or the suite's older `tools-call`) selects it, and a
 * conformance-style program gets MCP_CONFORMANCE_SCENARIO=tools_call, so a client written for the
 * suite runs unchanged.
 */
export const conformanceToolsCall: Scenario = {
  id: 'conformance-tools-call',
  title: "The conformance suite's tools_call: the client lists add_numbers and calls it with two numbers.",
  source: [{ spec: '2025-11-25 §3' }],
  eras: ['legacy', 'modern'],
  transports: ['http'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('tools-call')
        .tools({
          name: 'add_numbers',
          description: 'Add two numbers together',
          inputSchema: {
            type: 'object',
            properties: {
              a: { type: 'number', description: 'First number' },
              b: { type: 'number', description: 'Second number' },
            },
            required: ['a', 'b'],
          },
        })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'call', tool: 'add_numbers', arguments: { a: 5, b: 3 } },
    { do: 'settle' },
  ],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2025-11-25 §2.5' } },
    {
      invariant: 'wire.request-count',
      id: 'wire.add-numbers-called',
      params: { method: 'tools/call', tool: 'add_numbers', atLeast: 1 },
      cites: { spec: '2025-11-25 §3' },
    },
    { invariant: 'calls.current-tools-callable', cites: { spec: '2026-07-28 §3' } },
  ],
};
