import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { noModernFlowInLegacy } from './no-modern-flow-in-legacy.js';

const META = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };

test('era.no-modern-flow-in-legacy-session fails subscriptions/listen inside a legacy session, whatever the cell era', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, {}, { transport: 'http' });
  h.listen({ sessionId: 's1', transport: 'http' });
  const verdict = noModernFlowInLegacy.check({ ...h.record(), era: 'dual' });
  expect(verdict.status).toBe('fail');
  expect(verdict.message).toContain('session s1');
});

test('era.no-modern-flow-in-legacy-session passes a legacy session without listen', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, {}, { transport: 'http' });
  h.listing([{ name: 'a' }], 1, { sessionId: 's1', transport: 'http' });
  expect(noModernFlowInLegacy.check(h.record()).status).toBe('pass');
});

test('era.no-modern-flow-in-legacy-session is inconclusive for a client that only spoke 2026-07-28, even in a legacy-labelled cell', () => {
  const h = new History('modern');
  h.exchange('server/discover', META, { supportedVersions: ['2026-07-28'] });
  h.listen();
  const verdict = noModernFlowInLegacy.check({ ...h.record(), era: 'legacy' });
  expect(verdict.status).toBe('inconclusive');
  expect(verdict.message).toContain('negotiated 2026-07-28');
});

test('on stdio and in-memory the connection an initialize made legacy is the session: judged there too (issue 26)', () => {
  const clean = new History('legacy');
  clean.exchange(
    'initialize',
    {},
    { protocolVersion: '2025-11-25' },
    { transport: 'stdio', streamId: 'conn-1' },
  );
  clean.listing([{ name: 'a' }], 1, { transport: 'stdio', streamId: 'conn-1' });
  expect(noModernFlowInLegacy.check(clean.record())).toMatchObject({ status: 'pass' });
  const mixed = new History('legacy');
  mixed.exchange(
    'initialize',
    {},
    { protocolVersion: '2025-11-25' },
    { transport: 'stdio', streamId: 'conn-1' },
  );
  mixed.exchange('subscriptions/listen', META, {}, { transport: 'stdio', streamId: 'conn-1' });
  const verdict = noModernFlowInLegacy.check(mixed.record());
  expect(verdict.status).toBe('fail');
  expect(verdict.evidence[0]?.note).toBe('subscriptions/listen on a legacy connection');
});
