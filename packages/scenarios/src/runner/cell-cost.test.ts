import { scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../scenario.js';
import type { Cell } from './cell.js';
import { estimateCellMs, longestFirst } from './cell-cost.js';
import { machineConcurrency } from './machine-concurrency.js';

const scenario: Scenario = {
  id: 'two-settles',
  title: 'Two settles and a wait.',
  source: [],
  eras: ['legacy'],
  transports: ['http'],
  servers: [{ id: 'primary', script: scriptBuilder('s').build() }],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'wait-for', frame: { kind: 'stream-open' }, timeoutMs: 2000 },
    { do: 'settle' },
  ],
  checks: [],
} as unknown as Scenario;
const cell = (client: string): Cell => ({
  scenarioId: 'two-settles',
  era: 'legacy',
  transport: 'http',
  client,
});
const baseline = {
  source: 'test',
  entries: [{ client: 'sdk', scenario: 'two-settles', reason: 'does not reconnect' }],
};

describe('estimateCellMs', () => {
  it('prices a passing cell by its quiet periods and a baseline-expected failure by the bounds it waits out', () => {
    expect(estimateCellMs(scenario, cell('reference'), baseline)).toBe(150 + 2 * 150);
    expect(estimateCellMs(scenario, cell('sdk'), baseline)).toBe(150 + 2 * 4000 + 2000);
    expect(estimateCellMs(scenario, cell('sdk'), baseline, { settleTimeoutMs: 1000 })).toBe(
      150 + 2000 + 2000,
    );
  });
});

describe('longestFirst', () => {
  it('starts the most expensive cells first, ties in listed order', () => {
    const cells = ['a', 'b', 'c', 'd'].map(cell);
    const costs: Record<string, number> = { a: 1, b: 5, c: 1, d: 9 };
    expect(longestFirst(cells, (c) => costs[c.client]!)).toEqual([3, 1, 0, 2]);
  });
});

describe('machineConcurrency', () => {
  it('runs 4 cells per core, at least 4 and at most 32', () => {
    expect(machineConcurrency(1)).toBe(4);
    expect(machineConcurrency(2)).toBe(8);
    expect(machineConcurrency(16)).toBe(32);
    expect(machineConcurrency(0)).toBe(4);
    // Clients that all run in this process: 24 per core, same floor, at most 64.
    expect(machineConcurrency(1, 'in-process')).toBe(24);
    expect(machineConcurrency(2, 'in-process')).toBe(48);
    expect(machineConcurrency(4, 'in-process')).toBe(64);
  });
});
