import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

/**
 * `httpStatus`: answer with an HTTP error status instead of processing the request (429 rate
 * limit with `Retry-After`, 500/502/503/504 outages). `body` picks what comes with it: a JSON-RPC
 * error (default), a plain-text error page, or nothing.
 */
export const HttpStatusFault = Type.Object(
  {
    kind: Type.Literal('httpStatus'),
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'HTTP status, e.g. 429, 500, 503.' }),
    retryAfterSeconds: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Value of the Retry-After header, seconds.' }),
    ),
    body: Type.Optional(StringEnum(['json-rpc', 'text', 'empty'])),
  },
  {
    additionalProperties: false,
    description:
      '`httpStatus`: answer with an HTTP error status instead of processing the request (429 rate limit with `Retry-After`, 500/502/503/504 outages). `body` picks what comes with it: a JSON-RPC error (default), a plain-text error page, or nothing.',
  },
);
export type HttpStatusFault = Static<typeof HttpStatusFault>;

/** `malformedJson`: the response body is cut in the middle, so it is not JSON (`Content-Type` still says JSON). */
export const MalformedJsonFault = Type.Object(
  { kind: Type.Literal('malformedJson') },
  {
    additionalProperties: false,
    description:
      '`malformedJson`: the response body is cut in the middle, so it is not JSON (`Content-Type` still says JSON).',
  },
);
export type MalformedJsonFault = Static<typeof MalformedJsonFault>;

/** `wrongId`: the response carries a JSON-RPC id the client never used. */
export const WrongIdFault = Type.Object(
  { kind: Type.Literal('wrongId') },
  {
    additionalProperties: false,
    description: '`wrongId`: the response carries a JSON-RPC id the client never used.',
  },
);
export type WrongIdFault = Static<typeof WrongIdFault>;

/**
 * `versionMismatch`: the server claims not to speak the client's version. Modern: 400 + -32022 with
 * `data.supported` (default `["1900-01-01"]`). Legacy `initialize`: the result offers `supported[0]`
 * (an unusable version, not an error, §1.5); other legacy requests: 400.
 */
export const VersionMismatchFault = Type.Object(
  {
    kind: Type.Literal('versionMismatch'),
    supported: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
  },
  {
    additionalProperties: false,
    description:
      '`versionMismatch`: the server claims not to speak the client\'s version. Modern: 400 + -32022 with `data.supported` (default `["1900-01-01"]`). Legacy `initialize`: the result offers `supported[0]` (an unusable version, not an error, §1.5); other legacy requests: 400.',
  },
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
    clock: Type.Optional(StringEnum(['wall', 'logical'])),
  },
  {
    additionalProperties: false,
    description:
      "`delay`: the real response, `ms` later. `clock: 'wall'` (default) waits real time; `clock: 'logical'` holds the response until the logical clock has advanced by `ms` (deterministic races).",
  },
);
export type DelayFault = Static<typeof DelayFault>;

/** `hang`: the request is never processed or answered; the connection stays open until the client gives up. */
export const HangFault = Type.Object(
  { kind: Type.Literal('hang') },
  {
    additionalProperties: false,
    description:
      '`hang`: the request is never processed or answered; the connection stays open until the client gives up.',
  },
);
export type HangFault = Static<typeof HangFault>;

/** `oversizeBody`: the real result, padded (in `_meta`) to at least `bytes` bytes of JSON. */
export const OversizeBodyFault = Type.Object(
  {
    kind: Type.Literal('oversizeBody'),
    bytes: Type.Integer({ minimum: 1, maximum: 256 * 1024 * 1024, description: 'Minimum body size, bytes.' }),
  },
  {
    additionalProperties: false,
    description: '`oversizeBody`: the real result, padded (in `_meta`) to at least `bytes` bytes of JSON.',
  },
);
export type OversizeBodyFault = Static<typeof OversizeBodyFault>;

/**
 * `truncatedSseFrame`: the response travels as an SSE event that is cut in the middle (no terminating
 * blank line), then the connection is reset.
 */
export const TruncatedSseFrameFault = Type.Object(
  { kind: Type.Literal('truncatedSseFrame') },
  {
    additionalProperties: false,
    description:
      '`truncatedSseFrame`: the response travels as an SSE event that is cut in the middle (no terminating blank line), then the connection is reset.',
  },
);
export type TruncatedSseFrameFault = Static<typeof TruncatedSseFrameFault>;

/**
 * `dropStream`: the request is processed but its answer never arrives: the answer's stream is
 * dropped before the answer is written (HTTP: an SSE response reset mid-stream; stdio and in-memory:
 * the channel closes, as when a server process exits). With legacy event ids on, the answer is
 * kept, so a `Last-Event-ID` resumption gets it.
 */
export const DropStreamFault = Type.Object(
  { kind: Type.Literal('dropStream') },
  {
    additionalProperties: false,
    description:
      "`dropStream`: the request is processed but its answer never arrives: the answer's stream is dropped before the answer is written (HTTP: an SSE response reset mid-stream; stdio and in-memory: the channel closes, as when a server process exits). With legacy event ids on, the answer is kept, so a `Last-Event-ID` resumption gets it.",
  },
);
export type DropStreamFault = Static<typeof DropStreamFault>;

const FaultUnion = Type.Union([
  HttpStatusFault,
  MalformedJsonFault,
  WrongIdFault,
  VersionMismatchFault,
  DelayFault,
  HangFault,
  OversizeBodyFault,
  TruncatedSseFrameFault,
  DropStreamFault,
]);

/**
 * A fault the server can inject into one exchange: a closed union tagged by `kind`. Each transport
 * declares the kinds it can produce (`capabilities.faults`).
 */
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
  'httpStatus',
  'malformedJson',
  'wrongId',
  'versionMismatch',
  'delay',
  'hang',
  'oversizeBody',
  'truncatedSseFrame',
  'dropStream',
];

/**
 * Kinds that replace the exchange: the request is not processed and the fault is the whole answer.
 * The others distort or defer the real answer.
 */
export function preemptsRequest(fault: Fault): boolean {
  return fault.kind === 'httpStatus' || fault.kind === 'versionMismatch' || fault.kind === 'hang';
}
