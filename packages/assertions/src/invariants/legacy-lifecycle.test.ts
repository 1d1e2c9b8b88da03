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
