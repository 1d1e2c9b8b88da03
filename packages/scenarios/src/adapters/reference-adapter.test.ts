import type { ExposedTool } from '@toolshift/assertions';
import { addTool, createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { startHttpTransport } from '@toolshift/fake-server/http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientObserver } from './client-adapter.js';
import { ReferenceClientAdapter } from './reference-adapter.js';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function observer(exposures: ExposedTool[][]): ClientObserver {
  return {
    exposure: (tools) => exposures.push(tools),
    note: () => {},
    warning: () => {},
    permission: () => {},
  };
}

describe('ReferenceClientAdapter.restart', () => {
  it('restarts the host from its persisted listings and rediscovers every server, with a new session', async () => {
    const server = createFakeServer(
      scriptBuilder('restart')
        .tools({ name: 'alpha', inputSchema: { type: 'object' } })
        .step('add-beta', addTool({ name: 'beta', inputSchema: { type: 'object' } }))
        .build(),
    );
    const http = await startHttpTransport(server);
    closers.push(() => http.close('drop'));
    const adapter = new ReferenceClientAdapter();
    closers.push(() => adapter.close());
    const exposures: ExposedTool[][] = [];
    await adapter.connect(
      { url: http.url, transport: { kind: 'http', url: http.url }, era: 'legacy', serverId: 'primary' },
      observer(exposures),
    );
    expect(exposures.at(-1)!.map((tool) => tool.name)).toEqual(['alpha']);
    server.apply('add-beta');
    await adapter.restart();
    expect(adapter.lastKnownTools('primary')).toEqual(['alpha', 'beta']);
    expect(exposures.at(-1)!.map((tool) => tool.name)).toEqual(['alpha', 'beta']);
    expect(await adapter.callTool('beta', {})).toMatchObject({ ok: true });
    const inbound = server.transcript.frames.filter((f) => f.direction === 'in');
    const methods = inbound.map(
      (f) => (f.message as { method?: string } | undefined)?.method ?? f.httpMethod,
    );
    expect(methods.filter((m) => m === 'initialize')).toHaveLength(2);
    expect(methods).toContain('DELETE'); // the first host ended its session when it closed
  });
});
