import type { RawListing } from '../connection/page-walker.js';
import type { ServerConnection } from '../connection/server-connection.js';
import type { PreparedEntry } from '../snapshot/build-catalog-snapshot.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { Era } from '../snapshot/discovered-tool.js';
import type { MemoPage } from '../snapshot/listing-memo.js';

/** A complete enumeration waiting for the machine to install or discard it. */
export type PendingListing =
  | {
      source: 'server';
      raw: RawListing;
      era: Era;
      protocolRevision: string;
      connection: ServerConnection;
      /** Tools entries already gated and hashed, page by page while the next page was in flight. */
      prepared: PreparedEntry[];
      /** Tools pages, for the next listing's unchanged-page fast path. */
      pages: MemoPage[];
    }
  | { source: 'cache'; snapshot: CatalogSnapshot };
