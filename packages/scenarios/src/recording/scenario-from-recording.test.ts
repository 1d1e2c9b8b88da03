import type { SessionRecording } from '@toolshift/fake-server/proxy';
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../scenario-file/parse-scenario.js';
import { scenarioFromRecording } from './scenario-from-recording.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
let seq = 0;
const frame = (direction: 'in' | 'out', streamId: string, message: Record<string, unknown>, tick = 0) => ({
  atMs: seq,
  side: 'client' as const,
  frame: {
    seq: ++seq,
    tick,
    direction,
    kind: 'message' as const,
    era: 'modern' as const,
    transport: 'http' as const,
    streamId,
    catalogRevision: 1,
    message: { jsonrpc: '2.0', ...message } as never,
  },
});

function recording(): SessionRecording {
  seq = 0;
  return {
    toolshiftRecording: 1,
    upstream: 'http://127.0.0.1:1/mcp',
    startedAt: '2026-01-01T00:00:00.000Z',
    profile: {
      eras: ['modern'],
      name: 'Up Stream',
      version: '1',
      capabilities: { tools: { listChanged: true } },
    },
    settings: {
      server: { name: 'Up Stream', version: '1', eras: ['modern'], toolsListChanged: true },
      pagination: { pageSize: 2 },
    },
    events: [
      { atMs: 0, side: 'catalog', catalogRevision: 1, tools: [tool('a'), tool('b'), tool('c')] },
      frame('in', 'post-1', { id: 1, method: 'tools/list', params: { _meta: meta } }),
      frame('out', 'post-1', { id: 1, result: { tools: [tool('a'), tool('b')], nextCursor: 'p2' } }),
      // The upstream changed between page 1 and page 2.
      { atMs: 5, side: 'catalog', catalogRevision: 2, tools: [tool('a'), tool('b'), tool('c'), tool('d')] },
      frame('in', 'post-2', { id: 2, method: 'tools/list', params: { cursor: 'p2', _meta: meta } }),
      frame('out', 'post-2', { id: 2, result: { tools: [tool('c'), tool('d')] } }),
      frame(
        'in',
        'post-3',
        { id: 3, method: 'tools/call', params: { name: 'a', arguments: { q: 1 }, _meta: meta } },
        500,
      ),
      frame(
        'out',
        'post-3',
        {
          id: 3,
          result: { resultType: 'complete', content: [{ type: 'text', text: 'upstream says' }], _meta: {} },
        },
        500,
      ),
      { atMs: 9, side: 'catalog', catalogRevision: 3, tools: [tool('a'), tool('d')] },
    ],
  };
}

describe('scenarioFromRecording', () => {
  test('the first list is the catalog, a change between pages fires there, a later one is a client step, answers as recorded', () => {
    const scenario = scenarioFromRecording(recording());
    expect(() => parseScenario(scenario)).not.toThrow();
    const script = scenario.servers[0]!.script!;
    expect(scenario.id).toBe('recorded-up-stream');
    expect(scenario.eras).toEqual(['modern']);
    expect(script.catalog?.tools?.map((t) => t.name)).toEqual(['a', 'b', 'c']);
    expect(script.pagination).toEqual({ pageSize: 2 });
    expect(script.steps).toEqual([
      {
        id: 'change-1',
        trigger: { betweenPages: 1 },
        action: { action: 'changeCatalog', changes: [{ action: 'insertTools', tools: [tool('d')], at: 3 }] },
      },
      {
        id: 'change-2',
        action: {
          action: 'changeCatalog',
          changes: [
            { action: 'removeTool', name: 'b' },
            { action: 'removeTool', name: 'c' },
          ],
        },
      },
    ]);
    expect(script.answers).toEqual([
      {
        method: 'tools/call',
        tool: 'a',
        requests: [1],
        arguments: { q: 1 },
        result: { content: [{ type: 'text', text: 'upstream says' }], structured: 'omit' },
      },
    ]);
    expect(scenario.clientActions).toEqual([
      { do: 'connect' },
      { do: 'settle' },
      { do: 'advance-clock', ms: 500 },
      { do: 'call', tool: 'a', arguments: { q: 1 } },
      { do: 'step', step: 'change-2' },
      { do: 'settle' },
    ]);
    expect(scenario.checks.map((check) => check.invariant)).toEqual([
      'registry.matches-final-catalog',
      'change.relists-after-signal',
    ]);
  });

  test('refuses a recording with no served tool list', () => {
    const empty = { ...recording(), events: [] };
    expect(() => scenarioFromRecording(empty)).toThrow(/no served tool list/);
  });
});
