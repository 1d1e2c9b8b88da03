import { expect, test } from 'vitest';
import { type ClientAdapter, capabilitiesOf } from './client-adapter.js';
import { naiveClient } from './defects/naive-client.js';
import { describeMissingMethods, missingMethods } from './feature-methods.js';
import { CLIENT_ADAPTERS } from './index.js';

test.each(
  [...Object.values(CLIENT_ADAPTERS), naiveClient].map((factory) => [factory.name, factory] as const),
)('%s has the adapter method of every host feature it declares', (_name, factory) => {
  expect(describeMissingMethods(missingMethods(capabilitiesOf(factory), factory.create()))).toBe('');
});

test('a declared feature without its method is named with the method it needs', () => {
  const adapter = {
    connect: async () => {},
    callTool: async () => ({ ok: true, result: {} }),
    close: async () => {},
  };
  const missing = missingMethods(
    { transports: ['http'], features: ['host-clock', 'model-exposure', 'multi-server'] },
    adapter as unknown as ClientAdapter,
  );
  expect(describeMissingMethods(missing)).toBe(
    "declares feature 'host-clock' but its adapter has no advanceClock() method; declares feature 'model-exposure' but its adapter has no modelRequest() method; declares feature 'model-exposure' but its adapter has no modelCall() method",
  );
  expect(
    describeMissingMethods(missingMethods({ transports: ['http'], features: [] }, {} as ClientAdapter)),
  ).toBe(
    'its adapter has no connect() method; its adapter has no callTool() method; its adapter has no close() method',
  );
});

test('runCell refuses a client declaring a feature without its method before the cell starts, naming both', async () => {
  const { runCell } = await import('../runner/run-cell.js');
  const { SCENARIOS } = await import('../../catalog/index.js');
  const scenario = SCENARIOS.find((candidate) => candidate.id === 'expired-cache')!;
  const result = await runCell(scenario, 'modern', {
    name: 'no-clock',
    kind: 'external',
    description: 'declares host-clock only',
    capabilities: { transports: ['http'], features: ['host-clock', 'model-exposure'] },
    create: () => ({
      modelRequest: async () => ({ tools: [], withheld: [] }),
      modelCall: async () => ({ isError: true, text: 'none' }),
      connect: async () => {},
      callTool: async () => ({ ok: false, error: 'none' }),
      close: async () => {},
    }),
  });
  expect(result.rawStatus).toBe('error');
  expect(result.error).toBe(
    "client no-clock declares feature 'host-clock' but its adapter has no advanceClock() method",
  );
});
