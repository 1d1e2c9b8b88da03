import { addTool, atStart, mutateBetweenPages, scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { runSuite } from '../../src/runner/run-suite.js';
import type { Scenario } from '../../src/scenario.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });

/** A change armed (at start) to land between pages 2 and 3, and a check any client that lists at all passes. */
const scenario: Scenario = {
  id: 'change-between-pages-premise',
  title: 'A tool is added between page 2 and page 3 of the first listing.',
  source: [{ spec: '2026-07-28 §2.5' }],
  eras: ['legacy'],
  transports: ['http'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('between-pages')
        .tools(tool('a'), tool('b'), tool('c'), tool('d'), tool('e'))
        .pageSize(2)
        .step('insert', mutateBetweenPages(2, [addTool(tool('f'))]), atStart())
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }],
  checks: [
    {
      invariant: 'wire.request-count',
      params: { method: 'tools/list', atLeast: 1 },
      cites: { spec: '2026-07-28 §2.5' },
    },
  ],
};

test('a cell whose mutateBetweenPages never fired is inconclusive, naming the step; one where it fired passes', async () => {
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy'],
    transports: ['http'],
    clients: [CLIENT_ADAPTERS.reference!, CLIENT_ADAPTERS['defect:ignores-next-cursor']!],
    settleTimeoutMs: 2000,
  });
  const byClient = Object.fromEntries(summary.results.map((result) => [result.client, result]));
  expect(byClient.reference?.status).toBe('pass');
  expect(byClient.reference?.verdicts.map((v) => v.checkId)).not.toContain('runner.page-mutation-fired');
  // It reads page one only: the check passes, but the change after page 2 never happened.
  const pageOne = byClient['defect:ignores-next-cursor'];
  expect(pageOne?.status).toBe('inconclusive');
  expect(pageOne?.verdicts[0]).toMatchObject({
    checkId: 'runner.page-mutation-fired',
    status: 'inconclusive',
    message: expect.stringContaining("Step 'insert' (mutateBetweenPages)"),
  });
  expect(pageOne?.verdicts.find((v) => v.checkId !== 'runner.page-mutation-fired')?.status).toBe('pass');
}, 60_000);
