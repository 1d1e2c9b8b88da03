// Regression (issue 4, found by the hostile-schemas property of issue 5): in the 2026-07-28 era the
// SDK validated each tools/list result as a whole, so one tool whose inputSchema root is not an
// object rejected the page and every valid tool on it was lost (the server went `failed`).
import { scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { requestsOf, startFakeEndpoint, tool } from '../integration/fake-endpoint.js';
import { testResources } from '../integration/test-resources.js';

const clientInfo = { name: 'non-object-root-test', version: '1.0.0' };
const cleanup = testResources();

const hostile = [
  { name: 'tags', description: 'Array root.', inputSchema: { type: 'array', items: { type: 'string' } } },
  { name: 'word', description: 'String root.', inputSchema: { type: 'string' } },
  { name: 'either', description: 'Union root.', inputSchema: { type: ['object', 'null'] } },
];

describe.each(['legacy', 'modern'] as const)('tools with a non-object inputSchema root, %s era', (era) => {
  it('are excluded one by one with a reason; the valid tools on the same pages stay usable (SC-03/SC-04 E1)', async () => {
    const endpoint = await startFakeEndpoint(
      scriptBuilder('roots')
        .tools(tool('first'), ...(hostile as never[]), tool('last'))
        .pageSize(2)
        .build(),
    );
    cleanup.push(() => endpoint.close());
    const host = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' } });
    cleanup.push(() => host.close());

    const state = await host.addServer({ serverId: 'srv', url: endpoint.url, era });
    expect(state).toMatchObject({ state: 'ready', toolCount: 2, excludedCount: 3 });
    expect(host.tools().map((t) => t.name)).toEqual(['first', 'last']);
    expect(host.snapshot('srv')!.excluded.map(({ name, reason }) => `${name}:${reason}`)).toEqual([
      'tags:root-not-object',
      'word:root-not-object',
      'either:root-not-object',
    ]);
    await host.callTool({ serverId: 'srv', toolName: 'last', arguments: {} });
    await expect(host.callTool({ serverId: 'srv', toolName: 'tags', arguments: {} })).rejects.toMatchObject({
      code: 'TOOL_UNAVAILABLE',
    });
    expect(requestsOf(endpoint.server.transcript.frames, 'tools/call')).toHaveLength(1);
  });
});
