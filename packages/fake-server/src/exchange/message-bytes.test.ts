import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { messageBytes, messageChunks } from './message-bytes.js';

const tool = (name: string) => ({ name, description: 'ünïcode ✓', inputSchema: { type: 'object' } });

describe('messageBytes', () => {
  it('gives exactly JSON.stringify for any message', () => {
    const messages: JSONRPCMessage[] = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      { jsonrpc: '2.0', id: 'x', error: { code: -32602, message: 'Unknown tool' } },
      { jsonrpc: '2.0', id: 2, result: { tools: [tool('a')], nextCursor: 'c' } }, // not frozen
    ];
    for (const message of messages) {
      expect(messageBytes(message).toString('utf8')).toBe(JSON.stringify(message));
    }
  });

  it('reuses a frozen page, keeping key order, ids and the fields around the page', () => {
    const page = Object.freeze([tool('a'), tool('b')]);
    for (const id of [1, 'req-2', '\u0000toolshift-page:guess\u0000']) {
      const message = {
        jsonrpc: '2.0' as const,
        id,
        result: { resultType: 'complete', tools: page, nextCursor: `after-${id}`, ttlMs: 0 },
      };
      expect(messageBytes(message).toString('utf8')).toBe(JSON.stringify(message));
    }
  });

  it('hands out the page bytes themselves, computed once per frozen page', () => {
    const page = Object.freeze([tool('a')]);
    const first = messageChunks({ jsonrpc: '2.0', id: 1, result: { tools: page } });
    const second = messageChunks({ jsonrpc: '2.0', id: 2, result: { tools: page } });
    expect(first).toHaveLength(3);
    expect(second[1]).toBe(first[1]);
  });
});
