import { describe, expect, it } from 'vitest';
import { FramedPage, pageDigest } from './framed-page.js';
import { ListPageReader } from './list-page-reader.js';

const request = (id: string | number, method = 'tools/list') => ({
  method: 'POST',
  body: JSON.stringify({ jsonrpc: '2.0', id, method, params: {} }),
});
const response = (body: string, status = 200, contentType = 'application/json') =>
  new Response(body, { status, headers: { 'content-type': contentType } });
const page = '{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}';
const answer = (id: number, result = page) => `{"jsonrpc":"2.0","id":${id},"result":${result}}`;

async function read(reader: ListPageReader, id: number, body: Response, init = request(id)) {
  reader.expect({ method: 'tools/list', id });
  return (await reader.read(init, body)).text();
}

describe('ListPageReader', () => {
  it('reads a tools/list page itself and hands the SDK an empty result for the same id', async () => {
    const reader = new ListPageReader(() => false);
    expect(await read(reader, 3, response(answer(3)))).toBe('{"jsonrpc":"2.0","id":3,"result":{}}');
    const taken = reader.take(3);
    expect(taken).toBeInstanceOf(FramedPage);
    expect(taken!.digest).toBe(pageDigest(new TextEncoder().encode(page)));
    expect(taken!.result()).toEqual(JSON.parse(page));
    expect(reader.take(3)).toBeUndefined();
  });

  it('keeps a page with a known digest as bytes, undecoded', async () => {
    const digest = pageDigest(new TextEncoder().encode(page));
    const reader = new ListPageReader((d) => d === digest);
    await read(reader, 4, response(answer(4)));
    const taken = reader.take(4)!;
    expect((taken as unknown as { bytes?: Uint8Array }).bytes).toBeDefined();
    expect(taken.result()).toEqual(JSON.parse(page));
  });

  it('passes everything else to the SDK byte for byte', async () => {
    const cases: Array<[string, Response, ReturnType<typeof request>?]> = [
      ['an error status', response(answer(5), 500)],
      ['an SSE stream', response(`event: message\ndata: ${answer(5)}\n\n`, 200, 'text/event-stream')],
      [
        'a JSON-RPC error',
        response('{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"bad cursor"}}'),
      ],
      ['a result that is not an object', response(answer(5, '[1,2]'))],
      ['a result whose _meta is not an object', response(answer(5, '{"tools":[],"_meta":"x"}'))],
      ['a result followed by more members', response(answer(5, '{"tools":[]},"extra":1'))],
      ['an answer to another id', response(answer(6))],
      ['another method', response(answer(5)), request(5, 'prompts/list')],
    ];
    for (const [why, body, init] of cases) {
      const reader = new ListPageReader(() => false);
      const sent = await body.clone().text();
      expect(await read(reader, 5, body, init), why).toBe(sent);
      expect(reader.take(5), why).toBeUndefined();
    }
  });

  it('leaves responses alone when no tools/list request is waiting', async () => {
    const reader = new ListPageReader(() => false);
    const body = response(answer(9));
    expect(await reader.read(request(9), body)).toBe(body);
  });
});
