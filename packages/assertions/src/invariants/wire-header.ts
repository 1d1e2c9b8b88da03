import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';
import { requestFrames } from '../wire-requests.js';

/**
 * The request headers a transcript records (names lower-cased; `authorization` as its scheme only,
 * its credential as a salted digest in the frame's `credentialDigest`).
 */
export const RECORDED_HEADERS = [
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
  'accept',
  'content-type',
  'authorization',
] as const;

const SHAPE = {
  fields: {
    header: 'string',
    method: 'string',
    stream: 'string',
    httpMethod: 'string',
    afterStep: 'string',
    present: 'boolean',
    equals: 'string',
    matches: 'string',
    atLeastOne: 'boolean',
  },
  required: ['header'],
} as const;

interface Params {
  header: string;
  method?: string;
  stream?: string;
  httpMethod?: string;
  afterStep?: string;
  present?: boolean;
  equals?: string;
  matches?: string;
  atLeastOne?: boolean;
}

/**
 * A request header the client sends, over the requests the filters pick: `method` (JSON-RPC
 * method), `stream` (a stream id prefix: `get-` for legacy GET streams, `post-`, `conn-`),
 * `httpMethod`, `afterStep` (only requests after that script step ran). The header must be
 * `present` (default true) or absent, and may have to `equals` a value or `matches` a regular
 * expression; on every picked request, or on at least one with `atLeastOne`. Inconclusive when no
 * request matches the filters (nothing to judge). Headers are those a transcript records
 * ({@link RECORDED_HEADERS}). `authorization` is recorded as its scheme and a salted digest of its
 * credential, never the secret: `equals: 'Bearer'` compares the scheme only (and the message says
 * the credential was not compared); `equals: 'Bearer <token>'` compares the scheme and the token,
 * by digest (`run.credentialDigest`; inconclusive for a record read back without it); `matches`
 * is refused for it (a pattern cannot be matched against a digest).
 */
export const wireHeader: Invariant = {
  id: 'wire.header',
  title:
    'The client sends a request header as the protocol (or the scenario) requires on the requests it picks.',
  source: 'spec 2026-07-28 §5.1, 2025-11-25 §5.2 (headers); issue 10',
  authority: {
    level: 'advice',
    basis: 'a header the scenario asks for; a scenario whose header the spec requires cites the clause',
  },
  params: SHAPE,
  validateParams(params) {
    const problem = paramProblem(params, SHAPE);
    if (problem) return problem;
    const header = String(params?.header).toLowerCase();
    if (!(RECORDED_HEADERS as readonly string[]).includes(header) && !header.startsWith('mcp-param-'))
      return `header '${header}' is not one a transcript records (${RECORDED_HEADERS.join(', ')}, mcp-param-*)`;
    if (params?.matches !== undefined) {
      try {
        new RegExp(String(params.matches));
      } catch (error) {
        return `matches is not a regular expression: ${(error as Error).message}`;
      }
    }
    if (params?.present === false && (params.equals !== undefined || params.matches !== undefined))
      return 'present: false cannot be combined with equals or matches';
    if (header === 'authorization' && params?.matches !== undefined)
      return "matches cannot apply to authorization: a transcript keeps its scheme and a salted digest of the credential, never the value. Use equals: '<scheme>' or '<scheme> <token>'";
    return undefined;
  },
  check(run, raw = {}) {
    const params = raw as unknown as Params;
    const header = params.header.toLowerCase();
    const frames = connectionFrames(run, run.serverId);
    const stepSeq =
      params.afterStep === undefined
        ? 0
        : frames.find((frame) => frame.kind === 'step' && frame.step === params.afterStep)?.seq;
    const described = describeFilter(params);
    if (stepSeq === undefined)
      return inconclusive(
        this.id,
        `${run.serverId}: step '${params.afterStep}' never ran, so no request ${described} can be judged.`,
      );
    const picked = requestFrames(frames).filter(
      (frame) =>
        frame.seq > stepSeq &&
        (params.method === undefined || methodOf(frame) === params.method) &&
        (params.stream === undefined || frame.streamId.startsWith(params.stream)) &&
        (params.httpMethod === undefined || frame.httpMethod === params.httpMethod),
    );
    if (picked.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: the client sent no request ${described}: nothing to judge.`,
      );
    const present = params.present ?? true;
    const pattern = params.matches === undefined ? undefined : new RegExp(params.matches);
    const credential = header === 'authorization' ? authorizationExpectation(params.equals) : undefined;
    // A token can only be compared through the server's key: without it, say so rather than guess.
    if (credential?.token !== undefined && !run.credentialDigest)
      return inconclusive(
        this.id,
        `${run.serverId}: the expected token cannot be compared: the transcript keeps a salted digest of each credential, and this record has no key to digest the expected one (a transcript read back from a file).`,
      );
    const wanted = credential?.token !== undefined ? run.credentialDigest!(credential.token) : undefined;
    const expectation = !present
      ? `without ${header}`
      : credential
        ? `with an authorization header of scheme ${JSON.stringify(credential.scheme)}${wanted ? ' carrying the expected token (compared by salted digest)' : ' (its credential not compared)'}`
        : `with ${header}${params.equals !== undefined ? ` = ${JSON.stringify(params.equals)}` : ''}${pattern ? ` matching /${params.matches}/` : ''}`;
    const ok = (frame: TranscriptFrame) => {
      const value = frame.headers?.[header];
      if (!present) return value === undefined;
      if (value === undefined) return false;
      if (credential)
        return (
          value.toLowerCase() === credential.scheme.toLowerCase() &&
          (wanted === undefined || frame.credentialDigest === wanted)
        );
      if (params.equals !== undefined && value !== params.equals) return false;
      return !pattern || pattern.test(value);
    };
    const good = picked.filter(ok);
    const bad = picked.filter((frame) => !ok(frame));
    const tokenNote = (frame: TranscriptFrame) =>
      wanted === undefined
        ? ''
        : frame.credentialDigest === undefined
          ? ' with no credential'
          : frame.credentialDigest === wanted
            ? ' with the expected token'
            : ' with another token';
    const note = (frame: TranscriptFrame) =>
      `${methodOf(frame) ?? frame.httpMethod ?? 'request'}: ${header} ${frame.headers?.[header] === undefined ? 'absent' : `${JSON.stringify(frame.headers[header])}${tokenNote(frame)}`}`;
    if (params.atLeastOne ? good.length > 0 : bad.length === 0)
      return pass(
        this.id,
        `${run.serverId}: ${params.atLeastOne ? `${good.length} of` : 'all'} ${picked.length} request(s) ${described} came ${expectation}.`,
        (params.atLeastOne ? good : picked)
          .slice(0, 8)
          .map((frame) => ({ seq: frame.seq, note: note(frame) })),
      );
    return fail(
      this.id,
      params.atLeastOne
        ? `${run.serverId}: no request ${described} came ${expectation}.`
        : `${run.serverId}: ${bad.length} of ${picked.length} request(s) ${described} did not come ${expectation}.`,
      bad.slice(0, 8).map((frame) => ({ seq: frame.seq, note: note(frame) })),
      good.length > 0 ? `${good.length} other request(s) did` : undefined,
    );
  },
};

/** An `equals` for `authorization`: the scheme, and the token when one is given (`Bearer abc`). */
function authorizationExpectation(
  equals: string | undefined,
): { scheme: string; token?: string } | undefined {
  if (equals === undefined) return undefined;
  const trimmed = equals.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { scheme: trimmed };
  const token = trimmed.slice(space + 1).trim();
  return token === '' ? { scheme: trimmed.slice(0, space) } : { scheme: trimmed.slice(0, space), token };
}

function methodOf(frame: TranscriptFrame): string | undefined {
  const message = frame.message as { method?: unknown } | undefined;
  return typeof message?.method === 'string' ? message.method : undefined;
}

function describeFilter(params: Params): string {
  const parts = [
    params.method !== undefined ? `of ${params.method}` : '',
    params.httpMethod !== undefined ? `by HTTP ${params.httpMethod}` : '',
    params.stream !== undefined ? `on ${params.stream}* streams` : '',
    params.afterStep !== undefined ? `after step '${params.afterStep}'` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '(any)';
}
