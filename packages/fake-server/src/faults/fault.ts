import { type Static, Type } from '@sinclair/typebox';

/**
 * `http-status`: answer with an HTTP error status instead of processing the request (429 rate
 * limit with `Retry-After`, 500/502/503/504 outages). `body` picks what comes with it: a JSON-RPC
 * error (default), a plain-text error page, or nothing.
 */
export const HttpStatusFault = Type.Object(
  {
    kind: Type.Literal('http-status'),
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'HTTP status, e.g. 429, 500, 503.' }),
    retryAfterSeconds: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Value of the Retry-After header, seconds.' }),
    ),
    body: Type.Optional(Type.Union([Type.Literal('json-rpc'), Type.Literal('text'), Type.Literal('empty')])),
  },
  { additionalProperties: false },
);
export type HttpStatusFault = Static<typeof HttpStatusFault>;

/** `malformed-json`: the response body is cut in the middle, so it is not JSON (`Content-Type` still says JSON). */
export const MalformedJsonFault = Type.Object(
  { kind: Type.Literal('malformed-json') },
  { additionalProperties: false },
);
export type MalformedJsonFault = Static<typeof MalformedJsonFault>;

/** `wrong-id`: the response carries a JSON-RPC id the client never used. */
export const WrongIdFault = Type.Object({ kind: Type.Literal('wrong-id') }, { additionalProperties: false });
export type WrongIdFault = Static<typeof WrongIdFault>;

/**
 * `version-mismatch`: the server claims not to speak the client's version. Modern: 400 + -32022 with
 * `data.supported` (default `["1900-01-01"]`). Legacy `initialize`: the result offers `supported[0]`
 * (an unusable version, not an error, §1.5); other legacy requests: 400.
 */
export const VersionMismatchFault = Type.Object(
  {
    kind: Type.Literal('version-mismatch'),
    supported: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
  },
  { additionalProperties: false },
);
export type VersionMismatchFault = Static<typeof VersionMismatchFault>;

/**
 * `delay`: the real response, `ms` later. `clock: 'wall'` (default) waits real time; `clock:
 * 'logical'` holds the response until the logical clock has advanced by `ms` (deterministic races).
 */
export const DelayFault = Type.Object(
  {
    kind: Type.Literal('delay'),
    ms: Type.Integer({ minimum: 0, maximum: 600_000, description: 'Delay, ms.' }),
    clock: Type.Optional(Type.Union([Type.Literal('wall'), Type.Literal('logical')])),
  },
  { additionalProperties: false },
);
export type DelayFault = Static<typeof DelayFault>;

/** `hang`: the request is never processed or answered; the connection stays open until the client gives up. */
export const HangFault = Type.Object({ kind: Type.Literal('hang') }, { additionalProperties: false });
export type HangFault = Static<typeof HangFault>;

/** `oversize-body`: the real result, padded (in `_meta`) to at least `bytes` bytes of JSON. */
export const OversizeBodyFault = Type.Object(
  {
    kind: Type.Literal('oversize-body'),
    bytes: Type.Integer({ minimum: 1, maximum: 256 * 1024 * 1024, description: 'Minimum body size, bytes.' }),
  },
  { additionalProperties: false },
);
export type OversizeBodyFault = Static<typeof OversizeBodyFault>;

/**
 * `truncated-sse`: the response travels as an SSE event that is cut in the middle (no terminating
 * blank line), then the connection is reset.
 */
export const TruncatedSseFault = Type.Object(
  { kind: Type.Literal('truncated-sse') },
  { additionalProperties: false },
);
export type TruncatedSseFault = Static<typeof TruncatedSseFault>;

/**
 * A fault the server can inject into one exchange: a closed union tagged by `kind`. Each transport
 * declares the kinds it can produce (`capabilities.faults`).
 */
const FaultUnion = Type.Union([
  HttpStatusFault,
  MalformedJsonFault,
  WrongIdFault,
  VersionMismatchFault,
  DelayFault,
  HangFault,
  OversizeBodyFault,
  TruncatedSseFault,
]);

export const FaultSchema = Type.Unsafe<Static<typeof FaultUnion>>({
  type: 'object',
  description: 'A fault, tagged by kind.',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: FaultUnion.anyOf,
});
export type Fault = Static<typeof FaultSchema>;

/** A fault's tag. */
export type FaultKind = Fault['kind'];

/** Every fault kind, in declaration order. */
export const FAULT_KINDS: readonly FaultKind[] = [
  'http-status',
  'malformed-json',
  'wrong-id',
  'version-mismatch',
  'delay',
  'hang',
  'oversize-body',
  'truncated-sse',
];

/**
 * Kinds that replace the exchange: the request is not processed and the fault is the whole answer.
 * The others distort or defer the real answer.
 */
export function preemptsRequest(fault: Fault): boolean {
  return fault.kind === 'http-status' || fault.kind === 'version-mismatch' || fault.kind === 'hang';
}
