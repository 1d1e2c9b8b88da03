import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { decodeResult, FramedPage, locateResult, pageDigest } from './framed-page.js';
import { ListPageReader } from './list-page-reader.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A `tools/list` result as a server might send it: entries with awkward strings, a cursor, hints. */
const text = fc.string({ unit: 'binary', maxLength: 10 });
const entry = fc.record(
  {
    name: text,
    description: text,
    inputSchema: fc.record({ type: fc.constant('object'), properties: fc.dictionary(text, fc.jsonValue()) }),
  },
  { requiredKeys: ['name'] },
);
const result = fc.record(
  {
    tools: fc.array(entry, { maxLength: 6 }),
    nextCursor: text,
    ttlMs: fc.integer(),
    cacheScope: fc.constantFrom('public', 'private'),
  },
  { requiredKeys: ['tools'] },
);
const requestId = fc.oneof(fc.integer({ min: 0 }), fc.string({ maxLength: 8 }));

/** The JSON-RPC response in one of the envelope shapes servers write (fake server, TS SDK, others). */
function respond(id: string | number, value: unknown, shape: number, trailing: string): Uint8Array {
  const r = JSON.stringify(value);
  const i = JSON.stringify(id);
  const body = [
    `{"jsonrpc":"2.0","id":${i},"result":${r}}`,
    `{"id":${i},"jsonrpc":"2.0","result":${r}}`,
    `{"result":${r},"jsonrpc":"2.0","id":${i}}`,
    `{"result":${r},"id":${i},"jsonrpc":"2.0"}`,
  ][shape]!;
  return encoder.encode(body + trailing);
}

/** What the reader hands back for `body` answering request `id`, when `known` digests are reusable. */
async function read(body: Uint8Array, id: string | number, known: ReadonlySet<string>) {
  const reader = new ListPageReader((digest) => known.has(digest));
  reader.expect({ method: 'tools/list', id });
  const init = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }) };
  const response = new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  const handed = new Uint8Array(await (await reader.read(init, response)).arrayBuffer());
  return { page: reader.take(id), handed };
}

describe('framed tools/list pages', () => {
  test.prop([requestId, result, fc.integer({ min: 0, max: 3 }), fc.constantFrom('', '\n', ' \r\n')], {
    seed: 29,
    numRuns: 500,
  })(
    'same bytes, same entries: the located result decodes to the value JSON.parse gives the whole response, and a known digest decodes to it later (seed 29)',
    async (id, value, shape, trailing) => {
      const body = respond(id, value, shape, trailing);
      const at = locateResult(body, id);
      expect(at).toBeDefined();
      const bytes = body.subarray(at!.start, at!.end);
      const whole = JSON.parse(decoder.decode(body)) as { result: unknown; id: unknown };
      expect(whole.id).toEqual(id);
      expect(decodeResult(bytes)).toEqual(whole.result);
      // First sight: decoded on arrival. Second sight, digest known: kept as bytes, decoded on demand to the same value.
      const first = await read(body, id, new Set());
      expect(first.page!.digest).toBe(pageDigest(bytes));
      expect(first.page!.result()).toEqual(whole.result);
      const again = await read(body, id, new Set([first.page!.digest]));
      expect(again.page!.digest).toBe(first.page!.digest);
      expect(again.page!.result()).toEqual(first.page!.result());
      // Either way the SDK gets an empty result for the same request id, never the page.
      expect(JSON.parse(decoder.decode(again.handed))).toEqual({ jsonrpc: '2.0', id, result: {} });
    },
  );

  test.prop([requestId, result, fc.integer({ min: 0, max: 3 }), fc.nat(), fc.integer({ min: 1, max: 255 })], {
    seed: 2929,
    numRuns: 500,
  })(
    'a changed byte anywhere in the result is never taken for the known page: it is decoded again, or handed to the SDK as it is (seed 2929)',
    async (id, value, shape, position, delta) => {
      const body = respond(id, value, shape, '');
      const at = locateResult(body, id)!;
      const known = new Set([(await read(body, id, new Set())).page!.digest]);
      const changed = body.slice();
      const index = at.start + (position % (at.end - at.start));
      changed[index] = (changed[index]! + delta) % 256;
      const { page, handed } = await read(changed, id, known);
      if (page === undefined) {
        // Not one JSON object any more: the SDK reads the response byte for byte, as it always did.
        expect(handed).toEqual(changed);
        return;
      }
      expect(known.has(page.digest)).toBe(false);
      const reparsed = JSON.parse(decoder.decode(changed)) as { result: unknown };
      expect(page.result()).toEqual(reparsed.result);
    },
  );

  test.prop([result], { seed: 292, numRuns: 200 })(
    'a page decoded on arrival and the same page kept as bytes give the same value (seed 292)',
    (value) => {
      const bytes = encoder.encode(JSON.stringify(value));
      const digest = pageDigest(bytes);
      expect(new FramedPage(digest, bytes).result()).toEqual(
        new FramedPage(digest, undefined, value).result(),
      );
    },
  );
});
