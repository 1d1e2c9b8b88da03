import { FAULT_KINDS } from '../../faults/fault.js';
import type { TransportCapabilities } from '../../faults/transport-capabilities.js';

/** What the Streamable HTTP transport can do: every fault kind (it controls status, headers and the socket). */
export const HTTP_TRANSPORT_CAPABILITIES: TransportCapabilities = Object.freeze({
  transport: 'http',
  faults: FAULT_KINDS,
});
