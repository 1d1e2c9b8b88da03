import { describe, expect, it } from 'vitest';
import { decodeResult, locateResult } from './framed-page.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const located = (text: string, id: string | number) => {
  const body = bytes(text);
  const at = locateResult(body, id);
  return at && new TextDecoder().decode(body.subarray(at.start, at.end));
};

describe('locateResult', () => {
  it('finds the result of the usual envelope shapes for the request id', () => {
    expect(located('{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}', 7)).toBe('{"tools":[]}');
    expect(located('{"id":"a-1","jsonrpc":"2.0","result":{"tools":[]}}\n', 'a-1')).toBe('{"tools":[]}');
    expect(located('{"result":{"tools":[]},"jsonrpc":"2.0","id":7}', 7)).toBe('{"tools":[]}');
    expect(located('{"result":{"tools":[]},"id":7,"jsonrpc":"2.0"} ', 7)).toBe('{"tools":[]}');
  });

  it('finds nothing in an answer to another id, an error, a batch or another layout', () => {
    expect(located('{"jsonrpc":"2.0","id":8,"result":{"tools":[]}}', 7)).toBeUndefined();
    expect(located('{"jsonrpc":"2.0","id":"7","result":{"tools":[]}}', 7)).toBeUndefined();
    expect(located('{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"x"}}', 7)).toBeUndefined();
    expect(located('[{"jsonrpc":"2.0","id":7,"result":{"tools":[]}}]', 7)).toBeUndefined();
    expect(located('{ "jsonrpc": "2.0", "id": 7, "result": {"tools":[]} }', 7)).toBeUndefined();
    expect(located('{"jsonrpc":"2.0","id":7,"result":}', 7)).toBeUndefined();
    expect(located('', 7)).toBeUndefined();
  });
});

describe('decodeResult', () => {
  it('decodes UTF-8 as the whole response would be decoded, keeping a U+FEFF inside it', () => {
    expect(decodeResult(bytes('{"a":"\u00e9\ud83d\ude00"}'))).toEqual({ a: 'é😀' });
    expect(() => decodeResult(bytes('\ufeff{}'))).toThrow(SyntaxError);
    expect(decodeResult(new Uint8Array([0x22, 0xff, 0x22]))).toBe('\ufffd');
  });
});
