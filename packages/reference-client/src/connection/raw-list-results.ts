import type { StandardSchemaV1, Transport } from '@modelcontextprotocol/client';
import { LIST_PROTOCOL, type ListKind } from '../discovery-machine/list-kind.js';
import type { ListPageReader } from './list-page-reader.js';

/** Where a list response's raw result rides past the SDK's result decoding. */
const RAW_RESULT_KEY = 'io.toolshift/rawResult';

/**
 * Pages are checked by the page walker, not by the SDK's era codec: absent `ttlMs` must read as 0,
 * not fail, and one entry with a bad schema must not reject the page (the gate excludes that entry).
 */
export const RAW_RESULT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolshift',
    validate: (value) => ({ value: ((value as Record<string, unknown>)[RAW_RESULT_KEY] ?? value) as never }),
  },
};

/**
 * Moves every list result aside before the SDK decodes it, for {@link RAW_RESULT} to hand back
 * (see {@link attach}); `tools/list` pages read by the connection's {@link ListPageReader} are
 * handed back as that reader's pages.
 */
export class RawListResults {
  private readonly requestIds = new Set<string | number>();

  constructor(private readonly pages: ListPageReader) {}

  /**
   * The SDK (2.4.0) decodes every list result with its era codec, so one tool whose `inputSchema`
   * root is not an object, or a modern page without `ttlMs`, would reject the whole page. The raw
   * result is moved aside before the SDK decodes the response (the codec sees an empty, valid
   * page) and handed back by {@link RAW_RESULT}; the page walker and the schema gate then judge it.
   */
  attach(transport: Transport): void {
    const send = transport.send.bind(transport);
    const fields = new Map<string | number, ListKind>();
    const onmessage = transport.onmessage;
    transport.send = (message, options) => {
      if ('method' in message && 'id' in message && message.method.endsWith('/list')) {
        const list = (Object.keys(LIST_PROTOCOL) as ListKind[]).find(
          (kind) => LIST_PROTOCOL[kind].method === message.method,
        );
        if (list) {
          this.requestIds.add(message.id);
          fields.set(message.id, list);
          this.pages.expect(message);
        }
      }
      return send(message, options);
    };
    // Protocol.connect chains a handler set before it, and hands it each message first.
    transport.onmessage = (message) => {
      const response = 'result' in message || 'error' in message;
      onmessage?.(message);
      if (!response || message.id === undefined || !this.requestIds.delete(message.id)) return;
      const list = fields.get(message.id)!;
      fields.delete(message.id);
      const read = this.pages.take(message.id);
      if (!('result' in message)) return;
      const raw = read ?? message.result;
      message.result = {
        resultType: 'complete',
        [LIST_PROTOCOL[list].field]: [],
        ttlMs: 0,
        cacheScope: 'private',
        [RAW_RESULT_KEY]: raw,
      };
    };
  }

  /** Forgets every list request in flight (the connection closed). */
  clear(): void {
    this.requestIds.clear();
  }
}
