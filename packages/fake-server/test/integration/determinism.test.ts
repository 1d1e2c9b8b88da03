import { describe, expect, it } from 'vitest';
import {
  addTool,
  afterRequests,
  emitListChanged,
  generateTools,
  injectFault,
  scriptBuilder,
  transcriptToJsonl,
} from '../../src/index.js';
import {
  type Loopback,
  MODERN_META,
  openLegacySession,
  openSse,
  postModern,
  resultOf,
  useLoopback,
} from '../support/loopback.js';

type Page = { tools: Array<{ name: string }>; nextCursor?: string };

const script = scriptBuilder('determinism')
  .tools({ name: 'alpha', inputSchema: { type: 'object' } })
  .pageSize(7)
  .streams({ eventIds: true })
  .step('gen', generateTools(30), { atStart: true })
  .step(
    'late',
    addTool({ name: 'late', inputSchema: { type: 'object' } }),
    afterRequests(2, { method: 'tools/list' }),
  )
  .step('burst', emitListChanged(2))
  .step('wrong', injectFault({ kind: 'wrongId' }, { method: 'tools/call' }), { atStart: true })
  .build();

/** One fixed, sequential client conversation: both eras, pagination, a GET and a listen stream, a fault. */
async function converse({ url, server }: Loopback): Promise<string> {
  const session = await openLegacySession(url);
  const get = await session.openGet();
  await get.next(); // priming event
  let cursor: string | undefined;
  let id = 1;
  do {
    const page = resultOf<Page>(
      await session.request(id++, 'tools/list', cursor === undefined ? {} : { cursor }),
    );
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  await session.request(id++, 'tools/call', { name: 'alpha', arguments: { q: 1 } });
  const listen = await openSse(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'listen-1',
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: MODERN_META },
    }),
  });
  await listen.next();
  server.apply('burst');
  await Promise.all([get.next(), get.next(), listen.next(), listen.next()]);
  server.advanceClock(1_500);
  await postModern(url, 'm1', 'tools/list');
  return transcriptToJsonl(server.transcript.frames);
}

describe('determinism', () => {
  const fixture = useLoopback();

  it('the same script and seed give the same transcript, frame for frame (wall time aside)', async () => {
    const first = await converse(await fixture.start(script));
    const second = await converse(await fixture.start(script));
    expect(first.split('\n').length).toBeGreaterThan(30);
    expect(second).toBe(first);
    expect(first).not.toContain('wallTimeMs');
  });

  it('another seed changes seeded values (session ids, cursors, generated schemas), not the shape of the run', async () => {
    const first = await converse(await fixture.start(script));
    const other = await converse(await fixture.start(script, { seed: 2 }));
    expect(other).not.toBe(first);
    expect(other.split('\n').length).toBe(first.split('\n').length);
  });

  it('seeded session ids repeat across servers of one seed; random ones (what `toolshift serve` uses) never do', async () => {
    const ids = async (sessionIds: 'seeded' | 'random') => {
      const first = await fixture.start(script, { sessionIds });
      const second = await fixture.start(script, { sessionIds });
      return [
        (await openLegacySession(first.url)).sessionId,
        (await openLegacySession(second.url)).sessionId,
      ];
    };
    const [seededA, seededB] = await ids('seeded');
    expect(seededA).toBe(seededB);
    const [randomA, randomB] = await ids('random');
    expect(randomA).not.toBe(randomB);
    expect(randomA).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
