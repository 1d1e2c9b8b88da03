// A downstream project's use of toolshift's published packages, compiled with `skipLibCheck: false`
// and run on every tested Node runtime by `install.test.ts` (it imports every public entry, so a type a
// public export mentions that its dependencies do not provide fails the compile). It prints one JSON line.

import { enumerations, listExchanges, type Verdict } from '@toolshift/assertions';
import { toolshiftMatchers } from '@toolshift/assertions/vitest';
import {
  createAdminHttpClient,
  createFakeServer,
  type ScriptTool,
  scriptBuilder,
  transcriptToJsonl,
} from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';
import { createInMemoryPair } from '@toolshift/fake-server/in-memory';
import { createMswHandlers } from '@toolshift/fake-server/msw';
import { runStdioServer } from '@toolshift/fake-server/stdio';
import { type DiscoveredTool, DiscoveryHost } from '@toolshift/reference-client';
import type { ClientAdapterFactory, Scenario } from '@toolshift/scenarios';
import { SCENARIOS } from '@toolshift/scenarios/catalog';

const alpha: ScriptTool = { name: 'alpha', inputSchema: { type: 'object' } };
const beta: ScriptTool = { name: 'beta', inputSchema: { type: 'object' } };

const myClient: ClientAdapterFactory = {
  name: 'my-client',
  kind: 'external',
  description: 'a downstream host',
  capabilities: { transports: ['http'], features: [] },
  create: () => {
    throw new Error('not used here');
  },
};
const scenarios: readonly Scenario[] = SCENARIOS;
const entries = [createInMemoryPair, createMswHandlers, runStdioServer, toolshiftMatchers];

function names(tools: readonly DiscoveredTool[]): string[] {
  return tools.map((tool) => tool.name).sort();
}

const server = createFakeServer(
  scriptBuilder('consumer').tools(alpha).step('add-beta', { action: 'addTool', tool: beta }).build(),
);
const http = await startHttpTransport(server);
const host = new DiscoveryHost({ clientInfo: { name: 'consumer', version: '1.0.0' } });
try {
  await host.addServer({ serverId: 'fake', url: http.url });
  const before = names(host.tools());
  const changed = new Promise<readonly DiscoveredTool[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the host never saw beta within 10 s')), 10_000);
    host.onRegistryChange((tools) => {
      if (tools.some((tool) => tool.name === 'beta')) {
        clearTimeout(timer);
        resolve(tools);
      }
    });
  });
  await createAdminHttpClient(http.adminUrl!).applyStep('add-beta');
  const after = names(await changed);
  const listings = enumerations(listExchanges(server.transcript.frames)).length;
  const verdict: Pick<Verdict, 'status'> = { status: 'pass' };
  console.log(
    JSON.stringify({
      node: process.version,
      before,
      after,
      listings,
      frames: transcriptToJsonl(server.transcript.frames).split('\n').length > 1,
      scenarios: scenarios.length,
      client: myClient.name,
      entries: entries.every((entry) => typeof entry === 'function' || typeof entry === 'object'),
      verdict: verdict.status,
    }),
  );
} finally {
  await host.close();
  await http.close();
}
