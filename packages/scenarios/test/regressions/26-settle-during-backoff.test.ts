// Issue 26, "Why" bullet 8: a scenario's settle ended during the reference client's own re-listen
// back-off and failed it (reconnect.resubscribed-and-relisted: "the client never listened again")
// unless the scenario set quietMs: 6000. A client that lost its change channel and has not tried
// again yet is quiet, not settled: the settle waits for the re-open, up to RECONNECT_WAIT_MS (6 s)
// from the loss.
import { addTool, endStreams, onStreamOpen, scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { tool } from '../../catalog/tools.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runSuite } from '../../src/runner/run-suite.js';
import type { Scenario } from '../../src/scenario.js';

const dropsThrice: Scenario = {
  id: 'change-stream-dropped-three-times',
  title:
    'The server drops the change stream each time it opens, three times: the client opens it again each time and re-lists, and sees a tool added meanwhile.',
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('drops-thrice')
        .tools(tool('alpha'))
        .step('drop-1', endStreams('all', 'drop'), onStreamOpen('any', 1, 1))
        .step('drop-2', endStreams('all', 'drop'), onStreamOpen('any', 1, 2))
        .step('drop-3', endStreams('all', 'drop'), onStreamOpen('any', 1, 3))
        .step('add-beta', addTool(tool('beta')))
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }, { do: 'step', step: 'add-beta' }, { do: 'settle' }],
  checks: [
    { invariant: 'reconnect.resubscribed-and-relisted' },
    { invariant: 'registry.final-exposure', params: { exactly: ['alpha', 'beta'] } },
  ],
};

test('the reference client is not failed for a re-open its back-off had not reached yet (every cell)', async () => {
  const summary = await runSuite({
    scenarios: [dropsThrice],
    eras: ['legacy', 'modern'],
    transports: ['http', 'msw'],
    clients: [CLIENT_ADAPTERS.reference!],
    concurrency: 2,
  });
  const failing = summary.results.flatMap((result) =>
    result.verdicts
      .filter((verdict) => verdict.status === 'fail')
      .map((verdict) => `${result.era}/${result.transport}: ${verdict.checkId}: ${verdict.message}`),
  );
  expect(failing).toEqual([]);
  expect(summary.results.map((result) => result.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
}, 120_000);
