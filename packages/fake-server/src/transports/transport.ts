import { ToolshiftError } from '../errors/toolshift-error.js';
import type { TransportKind } from '../exchange/wire-request.js';
import type { FaultKind } from '../faults/fault.js';

/**
 * Wire-level fault kinds: the `kind` tags of the script's closed `Fault` union (`faults/fault.ts`).
 * A transport can produce a fault only if it can carry out its client-visible effect:
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
export type TransportFaultKind = FaultKind;

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

/** A fault kind a script uses, and where: a JSON pointer into the script, or the step applied at run time. */
export interface FaultUse {
  kind: string;
  pointer: string;
}

/**
 * Checks, before a run starts, that a transport can produce every fault a script asks for.
 * @param faults fault kinds the script uses (duplicates allowed), bare or with where they are used.
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT naming the first unsupported kind
 *   (`data`: `{ transport, fault, supported }`, plus `pointer` when known).
 */
export function assertTransportSupports(
  descriptor: TransportDescriptor,
  faults: Iterable<string | FaultUse>,
): void {
  const supported: readonly string[] = descriptor.capabilities.faults;
  for (const use of faults) {
    const fault = typeof use === 'string' ? use : use.kind;
    if (supported.includes(fault)) continue;
    const where = typeof use === 'string' ? '' : ` (asked for at ${use.pointer})`;
    throw new ToolshiftError(
      'FAULT_UNSUPPORTED_BY_TRANSPORT',
      `The ${descriptor.kind} transport cannot produce the '${fault}' fault${where}. It supports: ${supported.join(', ')}. Run this script over a transport that does (e.g. http) or drop the fault.`,
      {
        transport: descriptor.kind,
        fault,
        supported: [...supported],
        ...(typeof use === 'string' ? {} : { pointer: use.pointer }),
      },
    );
  }
}
