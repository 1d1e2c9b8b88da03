// Issue 9, point 8: `settle { until: quiet }` ended a cell between two pages of a listing, and
// `discovery.follows-every-cursor` then said a cursor "was never requested" while the reported
// transcript held that very request one frame later.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { tools } from '../../catalog/tools.js';
import type {
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
} from '../../src/adapters/client-adapter.js';
import { toExposed } from '../../src/adapters/sdk-adapter.js';
import { runCell } from '../../src/runner/run-cell.js';
import type { Scenario } from '../../src/scenario.js';

const QUIET_MS = 20;
/** The client thinks this long before it asks for each further page: far longer than the quiet period. */
const PAGE_PAUSE_MS = QUIET_MS * 15;

/**
 * A correct but slow host: it lists in the background after connecting (as hosts that connect
 * first and discover later do) and pauses before every further page. The settle's quiet timer is
 * due long before the pause ends, so on a settle that only watches the wire it always fires first:
 * the interleaving of the original report, forced.
 */
class SlowPagerAdapter implements ClientAdapter {
  private client: Client | undefined;

  async connect(target: Parameters<ClientAdapter['connect']>[0], observer: ClientObserver): Promise<void> {
    const url = 'url' in target.transport ? target.transport.url : target.url;
    const client = new Client(
      { name: 'slow-pager', version: '1.0.0' },
      target.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    );
    this.client = client;
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        fetch: async (input, init) => {
          const body =
            typeof init?.body === 'string'
              ? (JSON.parse(init.body) as { method?: string; params?: { cursor?: unknown } })
              : {};
          if (body.method === 'tools/list' && body.params?.cursor !== undefined)
            await new Promise((resolve) => setTimeout(resolve, PAGE_PAUSE_MS));
          return fetch(input, init);
        },
      }),
    );
    void client.listTools().then(
      ({ tools: listed }) => observer.exposure(toExposed(target.serverId, listed)),
      (error: Error) => observer.note(`listing failed: ${error.message}`),
    );
  }

  async callTool() {
    return { ok: false as const, error: 'not used' };
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}

const slowPager: ClientAdapterFactory = {
  name: 'slow-pager',
  kind: 'external',
  description: 'lists in the background and pauses before each further page',
  capabilities: { transports: ['http'], features: [] },
  create: () => new SlowPagerAdapter(),
};

const scenario: Scenario = {
  id: 'slow-pages',
  title: 'Five tools in pages of two, listed by a client that pauses between pages.',
  source: [{ spec: '2026-07-28 §2.5' }],
  eras: ['legacy', 'modern'],
  transports: ['http'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('slow-pages')
        .tools(...tools('page', 5))
        .pageSize(2)
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle', until: 'quiet' }],
  checks: [
    { invariant: 'discovery.follows-every-cursor', cites: { spec: '2026-07-28 §2.5' } },
    {
      invariant: 'registry.final-exposure',
      params: { exactly: tools('page', 5).map((t) => t.name) },
      cites: { spec: '2026-07-28 §2.5' },
    },
  ],
};

for (const era of ['legacy', 'modern'] as const) {
  test(`settle waits for a listing in flight: a ${era} client pausing between pages is judged on the whole listing`, async () => {
    const result = await runCell(scenario, era, slowPager, {
      transport: 'http',
      quietMs: QUIET_MS,
      settleTimeoutMs: 10_000,
    });
    expect(result.verdicts.filter((verdict) => verdict.status !== 'pass')).toEqual([]);
    const listRequests = result.transcript.filter(
      (frame) =>
        frame.direction === 'in' &&
        (frame.message as { method?: string } | undefined)?.method === 'tools/list',
    );
    expect(listRequests).toHaveLength(3);
  });
}

test('the transcript a cell reports is exactly the one its checks judged; later frames are reported as teardown', async () => {
  const result = await runCell(scenario, 'legacy', slowPager, {
    transport: 'http',
    quietMs: QUIET_MS,
    settleTimeoutMs: 10_000,
  });
  const [server] = result.servers;
  const reported = new Set(server!.transcript.map((frame) => frame.seq));
  for (const verdict of result.verdicts)
    for (const evidence of verdict.evidence) expect(reported, verdict.checkId).toContain(evidence.seq);
  const lastJudged = server!.transcript.at(-1)!.seq;
  expect(server!.teardown?.every((frame) => frame.seq > lastJudged)).toBe(true);
  expect(server!.transcript.map((frame) => frame.seq)).toEqual(
    Array.from({ length: server!.transcript.length }, (_, index) => index + 1),
  );
  expect(result.transcript).toEqual(server!.transcript);
  // The client's close (its GET stream going away) comes after the judged run.
  expect(server!.teardown?.some((frame) => frame.kind === 'stream-close')).toBe(true);
});
