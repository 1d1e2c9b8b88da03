import { PassThrough } from 'node:stream';
import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeServer } from '../../src/index.js';
import { runStdioServer, type StdioServer } from '../../src/stdio.js';

/**
 * Bad input over a stdio channel: generated lines (garbage, JSON that is not JSON-RPC, requests of
 * every method the server knows with odd params and ids: strings, integers, fractions, integers
 * beyond 2^53) on one long-lived connection. After each line a `ping` with a fresh id marks where
 * its replies end. Each request with a valid id is answered exactly once with exactly that id;
 * one with an invalid id gets an error without an id; a notification gets nothing; nothing is ever
 * -32603, and the channel stays open. TOOLSHIFT_FUZZ_RUNS raises the number of lines.
 */
const TOTAL = Math.max(500, Math.floor(Number(process.env.TOOLSHIFT_FUZZ_RUNS ?? 10_000) / 5));
const SEED = Number(process.env.TOOLSHIFT_FUZZ_SEED ?? 20260728);

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Expectation = 'answer' | 'error-without-id' | 'nothing' | 'any';

interface Line {
  text: string;
  expect: Expectation;
  /** The id's exact JSON text when the reply must carry it. */
  idText?: string;
}

const method = fc.constantFrom(
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'prompts/list',
  'prompts/get',
  'subscriptions/listen',
  'server/discover',
  'nope/x',
);
const params = fc.oneof(
  fc.constant(undefined),
  fc.object({ maxDepth: 2 }),
  fc.constant({ _meta: meta }),
  fc.constant({ _meta: meta, uri: 'file:///a' }),
  fc.constant({ _meta: meta, name: 'greet', arguments: { who: 'x' } }),
  fc.constant({ _meta: meta, notifications: { resourcesListChanged: true, promptsListChanged: true } }),
  fc.constant({ protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'f', version: '1' } }),
  fc.constant({ uri: 'file:///a' }),
);
const goodId = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map((id) => JSON.stringify(id)),
  fc.string({ maxLength: 10 }).map((id) => JSON.stringify(`s-${id}`)),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 100n }).map((id) => id.toString()),
);
const badId = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
    .filter((d) => !Number.isInteger(d))
    .map(String),
  fc.constantFrom('null', 'true', '[]', '{}'),
);

const line: fc.Arbitrary<Line> = fc.oneof(
  fc.tuple(goodId, method, params).map(([id, m, p]) => ({
    text: `{"jsonrpc":"2.0","id":${id},"method":"${m}"${p === undefined ? '' : `,"params":${JSON.stringify(p)}`}}`,
    expect: 'answer' as const,
    idText: id,
  })),
  fc.tuple(badId, method).map(([id, m]) => ({
    text: `{"jsonrpc":"2.0","id":${id},"method":"${m}"}`,
    expect: 'error-without-id' as const,
  })),
  fc.tuple(method, params).map(([m, p]) => ({
    text: JSON.stringify({ jsonrpc: '2.0', method: `notifications/${m}`, ...(p ? { params: p } : {}) }),
    expect: 'nothing' as const,
  })),
  fc
    .string({ minLength: 1, maxLength: 60 })
    .filter((t) => !t.includes('\n') && t.trim() !== '')
    .map((text) => ({
      text,
      expect: 'any' as const,
    })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ text: JSON.stringify(value), expect: 'any' as const })),
);

describe(`bad input over stdio (${TOTAL} lines, seed ${SEED})`, () => {
  let stdio: StdioServer;
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const replies: string[] = [];
  let partial = '';
  const waiters: Array<() => void> = [];
  beforeAll(() => {
    const server = createFakeServer(
      {
        toolshiftScript: 1,
        catalog: {
          tools: [{ name: 'alpha', inputSchema: { type: 'object' } }],
          resources: [{ uri: 'file:///a', name: 'a' }],
          prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }],
        },
      },
      { transcript: 'disabled' },
    );
    stdio = runStdioServer(server, { stdin, stdout });
    stdout.on('data', (chunk: Buffer) => {
      partial += chunk.toString('utf8');
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      replies.push(...parts.filter((text) => text !== ''));
      for (const waiter of waiters.splice(0)) waiter();
    });
  });
  afterAll(() => stdio.close('drop'));

  /** Sends `text`, then a sync ping; resolves with the reply lines before the ping's answer. */
  async function exchange(text: string, sync: string): Promise<string[]> {
    stdin.write(`${text}\n{"jsonrpc":"2.0","id":"${sync}","method":"ping"}\n`);
    const marker = `"id":"${sync}"`;
    for (;;) {
      const at = replies.findIndex((reply) => reply.includes(marker));
      if (at >= 0) return replies.splice(0, at + 1).slice(0, at);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  test('every request is answered once, with its exact id; invalid ids are never echoed; nothing is -32603', async () => {
    let sent = 0;
    const details = await fc.check(
      fc.asyncProperty(line, async (input) => {
        sent += 1;
        const all = await exchange(input.text, `sync-${sent}`);
        // Listen streams interleave their own messages, tagged with their subscription id: a
        // listen's ack is its answer until the stream ends.
        const tag = `"io.modelcontextprotocol/subscriptionId":${input.idText}}`;
        const acked = input.idText !== undefined && all.some((reply) => reply.includes(tag));
        const got = all.filter(
          (reply) =>
            !reply.includes('"io.modelcontextprotocol/subscriptionId"') || reply.includes('"result"'),
        );
        for (const reply of got) {
          const parsed = JSON.parse(reply) as { jsonrpc?: string; error?: { code?: number } };
          if (parsed.jsonrpc !== '2.0') throw new Error(`not JSON-RPC: ${reply}`);
          if (parsed.error?.code === -32603) throw new Error(`internal error for ${input.text}: ${reply}`);
        }
        if (input.expect === 'nothing' && got.length > 0)
          throw new Error(`a notification was answered: ${got[0]}`);
        if (input.expect === 'answer') {
          const own = got.filter((reply) => reply.startsWith(`{"jsonrpc":"2.0","id":${input.idText},`));
          if (own.length + (acked ? 1 : 0) !== 1)
            throw new Error(`expected one answer to ${input.text}, got ${JSON.stringify(all)}`);
        }
        if (input.expect === 'error-without-id') {
          if (got.length !== 1 || 'id' in JSON.parse(got[0] as string))
            throw new Error(`expected one error without id for ${input.text}, got ${JSON.stringify(got)}`);
        }
      }),
      { seed: SEED, numRuns: TOTAL, endOnFailure: true },
    );
    if (details.failed) {
      throw new Error(
        `stdio bad-input property failed (seed ${details.seed}, path ${details.counterexamplePath}): ${String((details.errorInstance as Error | undefined)?.message)}`,
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(await exchange('{"jsonrpc":"2.0","id":"alive","method":"ping"}', 'final')).toHaveLength(1);
  }, 120_000);
});
