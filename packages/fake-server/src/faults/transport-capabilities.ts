import { ToolshiftError } from '../errors/toolshift-error.js';
import type { TransportKind } from '../exchange/wire-request.js';
import type { FaultKind } from './fault.js';

/**
 * What a transport can do, declared by the transport itself. A script that asks for a fault kind
 * missing from `faults` is rejected when the transport attaches (before it serves anything).
 */
export interface TransportCapabilities {
  transport: TransportKind;
  /** Fault kinds this transport can produce on the wire. */
  faults: readonly FaultKind[];
}

/** A fault kind a script uses, and where. */
export interface FaultUse {
  kind: FaultKind;
  /** JSON pointer into the script, or `apply()` for a step applied at run time. */
  pointer: string;
}

/**
 * Checks that `transport` can produce every fault in `uses`.
 * @throws {ToolshiftError} FAULT_UNSUPPORTED_BY_TRANSPORT naming the first fault it cannot produce
 *   (`data`: `{ transport, fault, pointer, supported }`).
 */
export function assertFaultsSupported(capabilities: TransportCapabilities, uses: readonly FaultUse[]): void {
  for (const use of uses) {
    if (capabilities.faults.includes(use.kind)) continue;
    throw new ToolshiftError(
      'FAULT_UNSUPPORTED_BY_TRANSPORT',
      `The ${capabilities.transport} transport cannot produce the fault '${use.kind}' asked for at ${use.pointer}. ` +
        `It supports: ${capabilities.faults.join(', ') || '(none)'}. Remove the step or run the scenario on another transport.`,
      {
        transport: capabilities.transport,
        fault: use.kind,
        pointer: use.pointer,
        supported: [...capabilities.faults],
      },
    );
  }
}
