// Issue 28: through `toolshift run --proxy-upstream`, every destructive call the reference client
// made to the official TypeScript SDK server failed: that server answers `ttlMs: 0`, so a listing is
// stale the moment it lands (§7), and the pre-execution refresh of an expired destructive tool read
// its own fresh result as a failure ("could not be refreshed: server is stale").
import { scriptBuilder } from '@toolshift/fake-server';
import { expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { requestsOf, tool } from '../integration/fake-endpoint.js';
import { testResources } from '../integration/test-resources.js';

const cleanup = testResources();

it('a destructive tool of a server answering ttlMs 0 is listed again, then called', async () => {
  const endpoint = await cleanup.fake(
    scriptBuilder('zero-ttl')
      .freshness({ ttlMs: 0, cacheScope: 'private' })
      .tools(tool('delete_doc'))
      .build(),
  );
  const host = new DiscoveryHost({
    clientInfo: { name: 'zero-ttl', version: '1' },
    permissions: { defaultDecision: 'allow' },
  });
  cleanup.push(() => host.close());
  await host.addServer({ serverId: 'docs', url: endpoint.url, era: 'modern' });
  const before = requestsOf(endpoint.server.transcript.frames, 'tools/list').length;
  const exposure = await host.expose({ provider: 'openai-strict' });
  const result = await host.callTool(exposure.proposal('docs__delete_doc', {}));
  expect(result.isError).not.toBe(true);
  // The contract was refreshed before the call (destructive, expired), and the call went out.
  expect(requestsOf(endpoint.server.transcript.frames, 'tools/list').length).toBeGreaterThan(before);
  expect(requestsOf(endpoint.server.transcript.frames, 'tools/call')).toHaveLength(1);
});
