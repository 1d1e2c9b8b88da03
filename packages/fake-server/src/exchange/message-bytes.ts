import { randomUUID } from 'node:crypto';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { stringifyWithExactIds } from './exact-integer-id.js';

// Stands in for a tools/list page while the rest of the message is serialized. Random per process
// so no client-chosen string (a request id, a cursor) can ever equal it.
const PLACEHOLDER = `\u0000toolshift-page:${randomUUID()}\u0000`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

// A frozen page array is immutable and shared by every listing of one page at one catalog revision
// (see world/tool-lister.ts), so its JSON is computed once. Weak: pages of old revisions go with
// their arrays.
const pageBytes = new WeakMap<readonly unknown[], Buffer>();

/**
 * The UTF-8 JSON text of a JSON-RPC message, byte for byte what `JSON.stringify` gives, as chunks
 * to write in order (integer ids beyond ±(2^53−1) exactly as the client wrote them). A listing
 * result whose page array is frozen (a page the server shares between identical listings) reuses
 * that page's serialized bytes (one chunk, never copied) instead
 * of serializing 1,000 tool definitions again for every request: the largest cost of serving a big
 * catalog.
 */
export function messageChunks(message: JSONRPCMessage): Buffer[] {
  const page = frozenPage(message);
  if (page === undefined) return [Buffer.from(stringifyWithExactIds(message))];
  let bytes = pageBytes.get(page);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(page));
    pageBytes.set(page, bytes);
  }
  const result = (message as { result: Record<string, unknown> }).result;
  const key = pageKey(result) as string;
  const shell = stringifyWithExactIds({ ...message, result: { ...result, [key]: PLACEHOLDER } });
  const at = shell.indexOf(PLACEHOLDER_JSON);
  return [Buffer.from(shell.slice(0, at)), bytes, Buffer.from(shell.slice(at + PLACEHOLDER_JSON.length))];
}

/** {@link messageChunks} joined into one buffer. */
export function messageBytes(message: JSONRPCMessage): Buffer {
  const chunks = messageChunks(message);
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/** The result fields that hold a listing's page. */
const PAGE_KEYS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;

function pageKey(result: Record<string, unknown>): string | undefined {
  return PAGE_KEYS.find((key) => Array.isArray(result[key]) && Object.isFrozen(result[key]));
}

function frozenPage(message: JSONRPCMessage): readonly unknown[] | undefined {
  if (!('result' in message)) return undefined;
  const result: unknown = message.result;
  if (typeof result !== 'object' || result === null) return undefined;
  const key = pageKey(result as Record<string, unknown>);
  return key === undefined ? undefined : ((result as Record<string, unknown>)[key] as readonly unknown[]);
}
