import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { listRelistedAfterSignal } from './list-relisted-after-signal.js';
import { wireHeader } from './wire-header.js';
import { wireMethodNeverSent } from './wire-method-never-sent.js';
import { wireMethodOrder } from './wire-method-order.js';
import { wireRequestCount } from './wire-request-count.js';

const modern = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };

test('wire.header: every picked request carries the header, else the frames that lack it are the evidence', () => {
  const h = new History('modern');
  h.exchange('tools/list', {}, { tools: [] }, { transport: 'http', httpMethod: 'POST', headers: modern });
  h.exchange(
    'tools/list',
    {},
    { tools: [] },
    { transport: 'http', httpMethod: 'POST', headers: { 'mcp-method': 'tools/list' } },
  );
  h.exchange('server/discover', {}, {}, { transport: 'http', httpMethod: 'POST', headers: {} });
  const verdict = wireHeader.check(h.record(), {
    header: 'mcp-protocol-version',
    method: 'tools/list',
    equals: '2026-07-28',
  });
  expect(verdict.status).toBe('fail');
  expect(verdict.evidence).toHaveLength(1);
  expect(
    wireHeader.check(h.record(), { header: 'mcp-protocol-version', method: 'tools/list', atLeastOne: true })
      .status,
  ).toBe('pass');
  expect(wireHeader.check(h.record(), { header: 'last-event-id', httpMethod: 'GET' }).status).toBe(
    'inconclusive',
  );
  expect(wireHeader.check(h.record(), { header: 'mcp-session-id', present: false }).status).toBe('pass');
});

test('wire.header validates its parameters: an unrecorded header, a bad pattern, absent with a value', () => {
  expect(wireHeader.validateParams?.({ header: 'x-custom' })).toContain('not one a transcript records');
  expect(wireHeader.validateParams?.({ header: 'accept', matches: '(' })).toContain('regular expression');
  expect(wireHeader.validateParams?.({ header: 'accept', present: false, equals: 'x' })).toContain(
    'cannot be combined',
  );
  expect(wireHeader.validateParams?.({ header: 'Last-Event-ID', stream: 'get-' })).toBeUndefined();
});

test('wire.header afterStep judges only requests after that step, and is inconclusive before it ran', () => {
  const h = new History('legacy');
  h.exchange('tools/list', {}, { tools: [] }, { transport: 'http', httpMethod: 'POST', headers: {} });
  expect(wireHeader.check(h.record(), { header: 'mcp-protocol-version', afterStep: 'restart' }).status).toBe(
    'inconclusive',
  );
  h.frame({ direction: 'server', kind: 'step', streamId: 'world', step: 'restart', note: 'restarted' });
  h.exchange(
    'tools/list',
    {},
    { tools: [] },
    { transport: 'http', httpMethod: 'POST', headers: { 'mcp-protocol-version': '2025-11-25' } },
  );
  expect(wireHeader.check(h.record(), { header: 'mcp-protocol-version', afterStep: 'restart' }).status).toBe(
    'pass',
  );
});

test('wire.request-count counts a method (and a tool) per connection', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, {});
  h.call('alpha', {});
  h.call('alpha', {});
  h.call('beta', {});
  expect(wireRequestCount.check(h.record(), { method: 'initialize', exactly: 1 }).status).toBe('pass');
  expect(wireRequestCount.check(h.record(), { method: 'tools/call', tool: 'alpha', atMost: 1 }).status).toBe(
    'fail',
  );
  expect(wireRequestCount.check(h.record(), { method: 'tools/call', atLeast: 3 }).status).toBe('pass');
  expect(
    wireRequestCount.check(new History('legacy').record(), { method: 'initialize', exactly: 1 }).status,
  ).toBe('inconclusive');
  expect(wireRequestCount.validateParams?.({ method: 'x' })).toContain('one of');
});

test('wire.method-never-sent fails with the frames that sent it', () => {
  const h = new History('modern');
  h.exchange('tools/list', {}, { tools: [] });
  expect(wireMethodNeverSent.check(h.record(), { method: 'initialize' }).status).toBe('pass');
  h.call('gone', {});
  const verdict = wireMethodNeverSent.check(h.record(), { method: 'tools/call', tool: 'gone' });
  expect(verdict.status).toBe('fail');
  expect(verdict.evidence).toHaveLength(1);
});

test('wire.method-order: a later method only after an earlier one; inconclusive when the later never came', () => {
  const ordered = new History('legacy');
  ordered.exchange('resources/list', {}, { resources: [] });
  ordered.exchange('resources/read', { uri: 'file:///a' }, { contents: [] });
  expect(
    wireMethodOrder.check(ordered.record(), { earlier: 'resources/list', later: 'resources/read' }).status,
  ).toBe('pass');
  const reversed = new History('legacy');
  reversed.exchange('resources/read', { uri: 'file:///a' }, { contents: [] });
  reversed.exchange('resources/list', {}, { resources: [] });
  expect(
    wireMethodOrder.check(reversed.record(), { earlier: 'resources/list', later: 'resources/read' }).status,
  ).toBe('fail');
  expect(
    wireMethodOrder.check(new History('legacy').record(), {
      earlier: 'resources/list',
      later: 'resources/read',
    }).status,
  ).toBe('inconclusive');
});

test('change.list-relisted-after-signal: a resources/list after each resources list_changed; inconclusive without one', () => {
  const h = new History('legacy');
  h.exchange('resources/list', {}, { resources: [] });
  expect(listRelistedAfterSignal.check(h.record(), { list: 'resources' }).status).toBe('inconclusive');
  h.signal({ message: { jsonrpc: '2.0', method: 'notifications/resources/list_changed' } as never });
  expect(listRelistedAfterSignal.check(h.record(), { list: 'resources' }).status).toBe('fail');
  h.exchange('resources/templates/list', {}, { resourceTemplates: [] });
  expect(listRelistedAfterSignal.check(h.record(), { list: 'resources' }).status).toBe('pass');
  // A prompts signal is judged on its own: the tools listing does not count.
  h.signal({ message: { jsonrpc: '2.0', method: 'notifications/prompts/list_changed' } as never });
  h.exchange('tools/list', {}, { tools: [] });
  expect(listRelistedAfterSignal.check(h.record(), { list: 'prompts' }).status).toBe('fail');
  expect(listRelistedAfterSignal.validateParams?.({ list: 'widgets' })).toContain(
    'tools, resources or prompts',
  );
});
