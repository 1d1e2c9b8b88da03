import type { TranscriptFrame } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { legacyLifecycle } from './legacy-lifecycle.js';

const headers = { 'mcp-protocol-version': '2025-11-25' };
const initialized = (h: History) =>
  h.frame({
    direction: 'in',
    kind: 'message',
    message: { jsonrpc: '2.0', method: 'notifications/initialized' } as TranscriptFrame['message'],
    transport: 'http',
    httpMethod: 'POST',
    headers,
  });

test('legacy.lifecycle-order passes initialize → initialized → requests with the version header', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, {}, { transport: 'http', httpMethod: 'POST' });
  initialized(h);
  h.exchange('tools/list', {}, { tools: [] }, { transport: 'http', httpMethod: 'POST', headers });
  expect(legacyLifecycle.check(h.record()).status).toBe('pass');
});

test('legacy.lifecycle-order fails a request before initialized and one without MCP-Protocol-Version', () => {
  const early = new History('legacy');
  early.exchange('initialize', {}, {});
  early.exchange('tools/list', {}, { tools: [] });
  initialized(early);
  expect(legacyLifecycle.check(early.record()).message).toContain('before notifications/initialized');

  const bare = new History('legacy');
  bare.exchange('initialize', {}, {}, { transport: 'http', httpMethod: 'POST' });
  initialized(bare);
  bare.exchange('tools/list', {}, { tools: [] }, { transport: 'http', httpMethod: 'POST' });
  expect(legacyLifecycle.check(bare.record()).message).toContain('MCP-Protocol-Version');
});

test('legacy.lifecycle-order opens no session at a refused initialize (a client falling forward to 2026-07-28)', () => {
  const h = new History('modern');
  // A modern-only endpoint refuses initialize with -32022; the client then speaks 2026-07-28.
  h.exchange(
    'initialize',
    {},
    { error: { code: -32022, message: 'Unsupported protocol version' } },
    { transport: 'http', httpMethod: 'POST' },
  );
  h.exchange(
    'server/discover',
    { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    { supportedVersions: ['2026-07-28'] },
    { transport: 'http', httpMethod: 'POST' },
  );
  const verdict = legacyLifecycle.check({ ...h.record(), era: 'legacy' });
  expect(verdict.status).toBe('inconclusive');
  expect(verdict.message).toContain('negotiated 2026-07-28');
});

test('legacy.lifecycle-order judges a legacy session in a modern-labelled cell (the client fell back)', () => {
  const h = new History('legacy');
  h.exchange('initialize', {}, {});
  h.exchange('tools/list', {}, { tools: [] });
  expect(legacyLifecycle.check({ ...h.record(), era: 'modern' }).status).toBe('fail');
});
