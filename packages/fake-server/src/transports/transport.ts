import { ToolshiftError } from '../errors/toolshift-error.js';
import type { TransportKind } from '../exchange/wire-request.js';

/**
 * Wire-level fault kinds, named as the `kind` tags of the script's fault union. A transport can
 * produce a fault only if it can carry out its client-visible effect:
 * - `httpStatus`: an HTTP status such as 429 (with `Retry-After`), 500 or 503 — HTTP only;
 * - `malformedJson`: a reply that is not JSON (on in-memory, the client transport's `onerror`, as
 *   the SDK's stdio transport reports an unparseable line);
 * - `wrongId`, `versionMismatch` (-32022): a well-formed reply with the wrong content;
 * - `delay`, `hang`: a reply late, or never;
 * - `oversizeBody`: a reply larger than the client accepts (needs a byte channel);
 * - `truncatedSseFrame`: an SSE event cut off mid-frame — SSE only;
 * - `dropStream`: a stream ended without its graceful end (HTTP: the socket is reset; stdio and
 *   in-memory: the whole channel closes, as when a server process exits).
 */
export type TransportFaultKind =
  | 'httpStatus'
  | 'malformedJson'
  | 'wrongId'
  | 'versionMismatch'
  | 'delay'
  | 'hang'
  | 'oversizeBody'
  | 'truncatedSseFrame'
  | 'dropStream';

/** What a transport can do beyond moving well-formed frames. */
export interface TransportCapabilities {
  /** The fault kinds this transport can produce. */
  readonly faults: readonly TransportFaultKind[];
}

/** A transport's static description: its kind and capabilities. */
export interface TransportDescriptor {
  readonly kind: TransportKind;
  readonly capabilities: TransportCapabilities;
}

/**
 * Checks, before a run starts, that a transport can produce every fault a script asks for.
 * @param faults fault kinds the script uses (duplicates allowed).
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT naming the first unsupported kind
 *   (`data`: `{ transport, fault, supported }`).
 */
export function assertTransportSupports(descriptor: TransportDescriptor, faults: Iterable<string>): void {
  const supported: readonly string[] = descriptor.capabilities.faults;
  for (const fault of faults) {
    if (supported.includes(fault)) continue;
    throw new ToolshiftError(
      'FAULT_UNSUPPORTED_BY_TRANSPORT',
      `The ${descriptor.kind} transport cannot produce the '${fault}' fault. It supports: ${supported.join(', ')}. Run this script over a transport that does (e.g. http) or drop the fault.`,
      { transport: descriptor.kind, fault, supported: [...supported] },
    );
  }
}
