import { changeSchema, scriptBuilder } from '@toolshift/fake-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { startFakeEndpoint, tool } from './fake-endpoint.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'unchanged-pages-test', version: '1.0.0' };
const cleanup = testResources();

afterEach(() => {
  vi.restoreAllMocks();
});

/** 150 tools in pages of 50: tool_0–49, tool_50–99, tool_100–149. */
async function paginatedEndpoint() {
  const tools = Array.from({ length: 150 }, (_, i) =>
    tool(`tool_${i}`, { [`q_${i}`]: { type: 'string', description: `Query ${i}.` } }),
  );
  const endpoint = await startFakeEndpoint(
    scriptBuilder('unchanged-pages')
      .tools(...tools)
      .pageSize(50)
      .build(),
  );
  cleanup.push(() => endpoint.close());
  return endpoint;
}

/** The first tool name of each page this process decoded with `JSON.parse` since the call (requests hold no tool names). */
function pageDecodes(): () => string[] {
  const parse = vi.spyOn(JSON, 'parse');
  return () =>
    parse.mock.calls.flatMap(([text]) =>
      typeof text === 'string' ? (/"name":"(tool_\d+)"/.exec(text)?.slice(1) ?? []) : [],
    );
}

describe.each(['legacy', 'modern'] as const)('unchanged tools/list pages over HTTP, %s era', (era) => {
  it('reuses every page of an unchanged listing without decoding it, and re-decodes only a changed page', async () => {
    const endpoint = await paginatedEndpoint();
    const host = new DiscoveryHost({ clientInfo });
    cleanup.push(() => host.close());
    await host.addServer({ serverId: 's', url: endpoint.url, era });
    const first = host.tools();
    const firstHash = host.snapshot('s')!.catalogHash;
    expect(first).toHaveLength(150);

    const decodes = pageDecodes();
    await host.refresh('s');
    expect(decodes()).toEqual([]);
    expect(host.tools().every((t, i) => t === first[i])).toBe(true);
    expect(host.snapshot('s')!.catalogHash).toBe(firstHash);
    expect(host.snapshot('s')!.pageCount).toBe(3);

    endpoint.server.apply(
      changeSchema(
        'tool_75',
        { inputSchema: { type: 'object', properties: { other: { type: 'integer' } } } },
        { notify: false },
      ),
    );
    await host.refresh('s');
    // Page two changed, and page one with it (its nextCursor carries the fake server's catalog
    // revision): both decoded again; page three, byte for byte the same, is reused.
    expect(decodes()).toEqual(['tool_0', 'tool_50']);
    const changed = host.tools().filter((t, i) => t !== first[i]);
    expect(changed.map((t) => t.name)).toEqual(['tool_75']);
    expect(changed[0]!.inputSchema).toEqual({ type: 'object', properties: { other: { type: 'integer' } } });

    // The reused listing is the listing a fresh client builds from the same pages.
    const fresh = new DiscoveryHost({ clientInfo });
    cleanup.push(() => fresh.close());
    await fresh.addServer({ serverId: 's', url: endpoint.url, era });
    expect(fresh.snapshot('s')!.catalogHash).toBe(host.snapshot('s')!.catalogHash);
    expect(fresh.tools().map((t) => t.contractHash)).toEqual(host.tools().map((t) => t.contractHash));
  });
});
