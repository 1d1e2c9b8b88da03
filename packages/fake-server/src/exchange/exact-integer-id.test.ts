import { describe, expect, it } from 'vitest';
import { exactIntegerId, isExactIntegerId, stringifyWithExactIds } from './exact-integer-id.js';

describe('exact integer ids', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":9007199254740993,"method":"x"}', '9007199254740993'],
    ['{ "id" : -123456789012345678901234567890 , "params": {"id": 1} }', '-123456789012345678901234567890'],
    ['{"a":{"id":[1,"}"]},"\\u0069d":18446744073709551615}', '18446744073709551615'],
    ['{"id":1,"id":12345678901234567890}', '12345678901234567890'],
    ['{"id":1e20}', '1e20'],
  ])('%s keeps its id %s exactly, in and out', (text, lexeme) => {
    const id = exactIntegerId(text, JSON.parse(text).id);
    expect(isExactIntegerId(id)).toBe(true);
    expect(stringifyWithExactIds({ jsonrpc: '2.0', id, result: { _meta: { subscriptionId: id } } })).toBe(
      `{"jsonrpc":"2.0","id":${lexeme},"result":{"_meta":{"subscriptionId":${lexeme}}}}`,
    );
  });

  it('leaves safe integers, strings and other values alone', () => {
    expect(exactIntegerId('{"id":9007199254740991}', 9007199254740991)).toBeUndefined();
    expect(exactIntegerId('{"id":"9007199254740993"}', '9007199254740993')).toBeUndefined();
    expect(stringifyWithExactIds({ id: 'plain' })).toBe('{"id":"plain"}');
  });
});
