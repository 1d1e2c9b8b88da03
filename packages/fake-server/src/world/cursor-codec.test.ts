import { expect, test } from 'vitest';
import { CursorCodec } from './cursor-codec.js';

test('opaque cursors round-trip, are deterministic per seed and reject forgeries', () => {
  const codec = new CursorCodec('opaque', 7);
  const position = { offset: 20, page: 3, catalogRevision: 4 };
  const cursor = codec.encode(position);
  expect(codec.decode(cursor)).toEqual(position);
  expect(new CursorCodec('opaque', 7).encode(position)).toBe(cursor);
  expect(new CursorCodec('opaque', 8).decode(cursor)).toBeUndefined();
  expect(codec.decode(`${cursor}x`)).toBeUndefined();
  expect(codec.decode('')).toBeUndefined();
  expect(codec.decode(Buffer.from('20.3.4.0000000000000000').toString('base64url'))).toBeUndefined();
});

test('offset cursors are bare decimal offsets', () => {
  const codec = new CursorCodec('offset', 1);
  expect(codec.encode({ offset: 30, page: 2, catalogRevision: 1 })).toBe('30');
  expect(codec.decode('30')).toMatchObject({ offset: 30 });
  expect(codec.decode('-1')).toBeUndefined();
  expect(codec.decode('01')).toBeUndefined();
});
