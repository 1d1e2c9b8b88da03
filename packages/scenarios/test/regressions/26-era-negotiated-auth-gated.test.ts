// Issue 26, "Why" bullet 4: runner.era-negotiated failed correct clients on an endpoint that answers
// every request 401 — the client rightly stops and reports "requires authorization" — even with
// allowFailure: a modern-preferring client's server/discover probe, answered 401 by a
// 2025-11-25-only endpoint, was read as an era refusal.
import { scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { tool } from '../../catalog/tools.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runCell } from '../../src/runner/run-cell.js';
import type { Scenario } from '../../src/scenario.js';

const gated: Scenario = {
  id: 'endpoint-behind-authorization',
  title:
    'Every request gets 401 and the client holds no token: it reports that the server needs authorization.',
  eras: ['modern'],
  transports: ['http'],
  servers: [
    {
      id: 'crm',
      script: scriptBuilder('gated')
        .eras('legacy')
        .tools(tool('find_contact'))
        .auth({ tokens: [{ token: 'someone-else', principal: 'sam' }] })
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect', allowFailure: true },
    { do: 'settle', until: 'quiet' },
  ],
  checks: [{ invariant: 'discovery.failure-surfaced' }],
};

test('a client that stops at 401 on a 2025-11-25-only endpoint is not failed for the era', async () => {
  const result = await runCell(gated, 'modern', CLIENT_ADAPTERS.reference!, {
    transport: 'http',
    settleTimeoutMs: 1000,
  });
  const probe = result.transcript.find((frame) => frame.direction === 'out' && frame.httpStatus === 401);
  expect(probe, 'the endpoint answered 401').toBeDefined();
  expect(result.verdicts.filter((verdict) => verdict.checkId === 'runner.era-negotiated')).toEqual([]);
  expect(result.rawStatus).not.toBe('fail');
}, 60_000);
