import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { referenceClient } from '../../src/adapters/reference-adapter.js';
import { runSuite } from '../../src/runner/run-suite.js';

const modelScenarios = SCENARIOS.filter((scenario) =>
  scenario.clientActions.some((action) => action.do === 'model-request' || action.do === 'model-call'),
);

test('the reference client passes every model scenario with its model requests sent through the fake model', async () => {
  const summary = await runSuite({
    scenarios: modelScenarios,
    eras: ['modern'],
    transports: ['http'],
    clients: [referenceClient],
    settleTimeoutMs: 1000,
  });
  expect(
    summary.results.filter((result) => result.rawStatus !== 'pass').map((result) => result.scenarioId),
  ).toEqual([]);
  for (const result of summary.results) {
    const requests = result.transcript.filter((frame) => frame.kind === 'model' && frame.direction === 'in');
    const built = result.observations.filter((o) => o.kind === 'model-request' && o.error === undefined);
    // Every tool set the client built reached the provider, which accepted it.
    expect(requests.length, result.scenarioId).toBe(built.length);
    const accepted = result.verdicts.find((verdict) => verdict.checkId === 'model.provider-accepted');
    if (accepted) expect(accepted.status, `${result.scenarioId}: ${accepted.message}`).toBe('pass');
  }
  expect(
    summary.results.filter((r) => r.verdicts.some((v) => v.checkId === 'model.provider-accepted')).length,
  ).toBe(7);
}, 300_000);
