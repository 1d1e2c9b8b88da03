import { createHmac } from 'node:crypto';

/** Where a listing stands: the next tool offset, the page about to be served, and when it was issued. */
export interface CursorPosition {
  /** Index of the first tool of the next page. */
  offset: number;
  /** 1-based number of the page this cursor asks for. */
  page: number;
  /** Catalog revision when the listing's first page was served. */
  catalogRevision: number;
  /** Logical time the cursor was issued, ms. */
  issuedAtMs: number;
}

/**
 * Encodes and decodes the server's cursors. `opaque` cursors are MAC-protected tokens (a forged or
 * garbled one does not decode); `offset` cursors are the bare decimal offset. The MAC key comes from
 * the script seed, so cursors are deterministic.
 */
export class CursorCodec {
  private readonly key: string;

  /**
   * @param seed the script seed.
   * @param list the list the cursors page (`tools` by default): an opaque cursor of one list is
   *   invalid on another.
   */
  constructor(seed: number, list = 'tools') {
    this.key = list === 'tools' ? `toolshift-cursor-${seed}` : `toolshift-cursor-${seed}-${list}`;
  }

  encodeOpaque(position: CursorPosition): string {
    const body = `${position.offset}.${position.page}.${position.catalogRevision}.${position.issuedAtMs}`;
    return Buffer.from(`${body}.${this.mac(body)}`, 'utf8').toString('base64url');
  }

  /** Returns the position, or `undefined` when the cursor is not one this codec issued. */
  decodeOpaque(cursor: string): CursorPosition | undefined {
    if (cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})\.(\d{1,15})\.([0-9a-f]{16})$/.exec(text);
    if (!match) return undefined;
    const [, offset, page, revision, issued, mac] = match;
    if (this.mac(`${offset}.${page}.${revision}.${issued}`) !== mac) return undefined;
    return {
      offset: Number(offset),
      page: Number(page),
      catalogRevision: Number(revision),
      issuedAtMs: Number(issued),
    };
  }

  encodeOffset(offset: number): string {
    return String(offset);
  }

  /** The offset of an `offset` cursor, or `undefined` when it is not a canonical non-negative integer. */
  decodeOffset(cursor: string): number | undefined {
    return /^(0|[1-9][0-9]{0,8})$/.test(cursor) ? Number(cursor) : undefined;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('hex').slice(0, 16);
  }
}
