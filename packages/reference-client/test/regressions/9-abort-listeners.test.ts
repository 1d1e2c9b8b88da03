// Found by the main job's console (stop 19): "MaxListenersExceededWarning: 11 abort listeners added
// to [AbortSignal]". The SDK's HTTP transport hands one AbortSignal to every request of a
// connection; the connection's fetch added a listener to it per request and never removed it, so a
// long-lived host piled up one listener per request for the connection's lifetime. Each exchange
// now combines the caller's signal with its own (AbortSignal.any), adding no listener to it.
import { scriptBuilder } from '@toolshift/fake-server';
import { afterEach, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { type FakeEndpoint, startFakeEndpoint, tool } from '../integration/fake-endpoint.js';

let fake: FakeEndpoint | undefined;
let host: DiscoveryHost | undefined;
afterEach(async () => {
  await host?.close();
  await fake?.close();
});

it.each(['legacy', 'modern'] as const)(
  'thirty refreshes of one %s connection add no listener that outlives its request',
  async (era) => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      fake = await startFakeEndpoint(
        scriptBuilder('listeners').tools(tool('alpha'), tool('beta'), tool('gamma')).pageSize(1).build(),
      );
      host = new DiscoveryHost({ clientInfo: { name: 'abort-listeners', version: '1.0.0' } });
      await host.addServer({ serverId: 'work', url: fake.url, era });
      for (let i = 0; i < 30; i++) await host.refresh('work');
      expect(host.tools().map((t) => t.name)).toEqual(['alpha', 'beta', 'gamma']);
      // Warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  },
);
