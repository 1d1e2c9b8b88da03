import { createHmac } from 'node:crypto';

/** Where a listing stands: the next tool offset, the page about to be served, the revision it began at. */
export interface CursorPosition {
  /** Index of the first tool of the next page. */
  offset: number;
  /** 1-based number of the page this cursor asks for. */
  page: number;
  /** Catalog revision when the listing's first page was served. */
  catalogRevision: number;
}

/**
 * Cursor styles the fake server can issue (§2.5: cursors are opaque strings):
 * - `opaque`: a MAC-protected token; a forged or garbled cursor is rejected with -32602;
 * - `offset`: the bare decimal offset (`"20"`), as many real servers do.
 */
export type CursorStyle = 'opaque' | 'offset';

/** Encodes and decodes cursors for one style; the key comes from the script seed, so cursors are deterministic. */
export class CursorCodec {
  private readonly key: string;

  constructor(
    readonly style: CursorStyle,
    seed: number,
  ) {
    this.key = `toolshift-cursor-${seed}`;
  }

  encode(position: CursorPosition): string {
    if (this.style === 'offset') return String(position.offset);
    const body = `${position.offset}.${position.page}.${position.catalogRevision}`;
    return Buffer.from(`${body}.${this.mac(body)}`, 'utf8').toString('base64url');
  }

  /** Returns the position, or `undefined` when the cursor is not one this codec issued. */
  decode(cursor: string): CursorPosition | undefined {
    if (this.style === 'offset') {
      if (!/^(0|[1-9][0-9]{0,8})$/.test(cursor)) return undefined;
      return { offset: Number(cursor), page: 0, catalogRevision: 0 };
    }
    if (cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})\.([0-9a-f]{16})$/.exec(text);
    if (!match) return undefined;
    const [, offset, page, revision, mac] = match;
    if (this.mac(`${offset}.${page}.${revision}`) !== mac) return undefined;
    return { offset: Number(offset), page: Number(page), catalogRevision: Number(revision) };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('hex').slice(0, 16);
  }
}
