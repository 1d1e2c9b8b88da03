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

test('a client declaring the eras it speaks is n/a where a server of the cell serves none of them', () => {
  const legacyOnly = { transports: ['http'] as const, features: [], eras: ['legacy'] as const };
  const scenario = byId('one-valid-tool');
  expect(notApplicableReason(scenario, 'http', legacyOnly, 'modern')).toBe(
    'the client speaks only 2025-11-25 (legacy), and server primary serves only 2026-07-28 (modern) in this cell',
  );
  expect(notApplicableReason(scenario, 'http', legacyOnly, 'legacy')).toBeUndefined();
  expect(notApplicableReason(scenario, 'http', legacyOnly, 'dual')).toBeUndefined();
  // A script pinning a legacy-only server keeps it legacy-only in a modern cell.
  expect(
    notApplicableReason(byId('modern-preferred-falls-back-to-legacy'), 'http', legacyOnly, 'modern'),
  ).toBeUndefined();
  // Two servers, one modern-only: the reason names that one.
  expect(
    notApplicableReason(
      byId('era-kept-per-server'),
      'http',
      { ...legacyOnly, features: ['multi-server'] },
      'modern',
    ),
  ).toBe(
    'the client speaks only 2025-11-25 (legacy), and server new serves only 2026-07-28 (modern) in this cell',
  );
  // A client that declares no eras runs everywhere (and fails runner.era-negotiated where it cannot speak).
  expect(
    notApplicableReason(scenario, 'http', { transports: ['http'], features: [] }, 'modern'),
  ).toBeUndefined();
});
