import { describe, expect, it } from 'vitest';
import { CursorCodec } from './cursor-codec.js';

const position = { offset: 20, page: 3, catalogRevision: 4, issuedAtMs: 1_500 };

describe('CursorCodec', () => {
  it('round-trips opaque cursors deterministically per seed', () => {
    const codec = new CursorCodec(1);
    const cursor = codec.encodeOpaque(position);
    expect(cursor).toBe(new CursorCodec(1).encodeOpaque(position));
    expect(cursor).not.toBe(new CursorCodec(2).encodeOpaque(position));
    expect(codec.decodeOpaque(cursor)).toEqual(position);
  });

  it('rejects forged, garbled and foreign opaque cursors', () => {
    const codec = new CursorCodec(1);
    const forged = Buffer.from('99.3.4.1500.0000000000000000').toString('base64url');
    expect(codec.decodeOpaque(forged)).toBeUndefined();
    expect(codec.decodeOpaque('not a cursor!')).toBeUndefined();
    expect(codec.decodeOpaque(`${codec.encodeOpaque(position)}x`)).toBeUndefined();
    expect(codec.decodeOpaque('')).toBeUndefined();
    expect(codec.decodeOpaque(new CursorCodec(2).encodeOpaque(position))).toBeUndefined();
  });

  it('offset cursors accept canonical non-negative integers only', () => {
    const codec = new CursorCodec(1);
    expect(codec.decodeOffset(codec.encodeOffset(12))).toBe(12);
    for (const bad of ['-1', '01', '1.5', '', 'x']) expect(codec.decodeOffset(bad)).toBeUndefined();
  });
});
