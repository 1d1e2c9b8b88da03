import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { notApplicableReason, requiredFeatures } from './applicability.js';

const byId = (id: string) => SCENARIOS.find((s) => s.id === id)!;

test('needed features come from the scenario data: servers, tokens, actions and client clock', () => {
  expect(requiredFeatures(byId('empty-list'))).toEqual([]);
  expect(requiredFeatures(byId('nm-04-same-name-last-wins')).map((n) => n.feature)).toEqual([
    'multi-server',
    'model-exposure',
  ]);
  expect(requiredFeatures(byId('auth-dependent-list')).map((n) => n.feature)).toEqual([
    'multi-server',
    'bearer-auth',
  ]);
  expect(requiredFeatures(byId('expired-cache')).map((n) => n.feature)).toEqual([
    'host-clock',
    'model-exposure',
  ]);
});

test('a client lacking a transport or a feature gets a reason naming what and why; one that has them gets none', () => {
  const scenario = byId('expired-cache');
  expect(
    notApplicableReason(scenario, 'http', {
      transports: ['http'],
      features: ['host-clock', 'model-exposure'],
    }),
  ).toBeUndefined();
  expect(notApplicableReason(scenario, 'stdio', { transports: ['http'], features: [] })).toBe(
    'the client cannot connect over stdio (it supports http)',
  );
  expect(notApplicableReason(scenario, 'http', { transports: ['http'], features: ['host-clock'] })).toBe(
    "the client lacks model-exposure (it performs 'model-request')",
  );
});
