/**
 * The phases of a client's work a failure can belong to:
 * - `connect`: reaching the server and the protocol handshake (`initialize`, `server/discover`);
 * - `tool-set`: after a working connection, listing the tools and building the client's tool set
 *   from them (a library that throws on a duplicate name or a schema it cannot use fails here);
 * - `model-request`: building the tool set for a model request;
 * - `call`: running a tool call.
 */
export const CLIENT_PHASES = ['connect', 'tool-set', 'model-request', 'call'] as const;
export type ClientPhase = (typeof CLIENT_PHASES)[number];

/**
 * An adapter's way to say which phase of its client's work failed: throw (or reject with) a
 * `ClientPhaseError`, e.g. `new ClientPhaseError('tool-set', 'duplicate tool name send_email', { cause })`
 * from `connect` when the connection worked but the library refused to build its tool set. Any
 * error with a `phase` property holding one of {@link CLIENT_PHASES} counts the same (a module may
 * carry its own copy of this class). Adapters that throw plain errors keep working: the runner then
 * reads the phase from the wire.
 */
export class ClientPhaseError extends Error {
  override readonly name = 'ClientPhaseError';

  constructor(
    readonly phase: ClientPhase,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The phase a thrown value declares (`ClientPhaseError` or any error with a valid `phase`), if any. */
export function phaseOf(error: unknown): ClientPhase | undefined {
  const phase = (error as { phase?: unknown } | null)?.phase;
  return (CLIENT_PHASES as readonly unknown[]).includes(phase) ? (phase as ClientPhase) : undefined;
}
