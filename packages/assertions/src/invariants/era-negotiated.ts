import type { Era } from '@toolshift/fake-server';
import type { Invariant } from '../invariant.js';
import {
  describeAttempt,
  describeEndpoint,
  ERA_REVISION,
  type EraAttempt,
  inferEndpointEras,
  refusedForEra,
} from '../negotiated-era.js';
import { connectionFrames, negotiationOf } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

const ERAS: readonly Era[] = ['legacy', 'modern'];

function problem(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  for (const key of Object.keys(params ?? {}))
    if (key !== 'era') return `unknown parameter '${key}' (known: era)`;
  const era = params?.era;
  if (era !== undefined && !ERAS.includes(era as Era)) return "parameter 'era' must be 'legacy' or 'modern'";
  return undefined;
}

const evidenceOf = (attempts: readonly EraAttempt[]) =>
  attempts.flatMap((attempt) => [
    { seq: attempt.seq, note: `${attempt.method} (${attempt.era})` },
    ...(attempt.answerSeq !== undefined
      ? [{ seq: attempt.answerSeq, note: `answer to ${attempt.method}` }]
      : []),
  ]);

/**
 * The client completes a handshake in an era its endpoint speaks: an `initialize` the server
 * accepts (2025-11-25), or a 2026-07-28 request the server accepts; with param `era`, in that era.
 * Fails when every attempt was refused for its era (a request of an era the endpoint does not
 * serve, or -32022) and the client never tried the other: "it sent server/discover (#3, answered
 * 400) and gave up". Inconclusive when the client sent no handshake at all, or was refused for
 * another reason (authorization, a fault). Reads the endpoint's eras from `run.endpointEras`, or
 * from the transcript. The runner applies it to every connection of every cell as
 * `runner.era-negotiated`. Params: `era`.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 (choosing legacy vs modern), §1.3, §1.5
 */
export const eraNegotiated: Invariant = {
  id: 'era.negotiated',
  title:
    'The client completes a handshake in an era the endpoint speaks (falling back when the other is refused).',
  source: 'spec 2026-07-28 §1.4 (era detection and fallback), §1.3 (version mismatch); spec 2025-11-25 §1.5',
  authority: {
    level: 'advice',
    basis:
      'which revisions a client speaks is its choice (the scorecard measures era support apart); falling back where the other era is refused is seed 002 guidance',
  },
  params: { fields: { era: 'string' } },
  validateParams: problem,
  check(run, params = {}) {
    const expected = params.era as Era | undefined;
    const negotiation = negotiationOf(run);
    const { attempts } = negotiation;
    const endpoint = run.endpointEras ?? inferEndpointEras(connectionFrames(run, run.serverId)) ?? ERAS;
    const where = `on a ${describeEndpoint(endpoint)} endpoint`;
    if (attempts.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: the client sent no initialize and no 2026-07-28 request, so there is no negotiation to judge.`,
      );
    if (negotiation.era !== undefined) {
      const accepted = attempts.filter((attempt) => attempt.outcome === 'accepted').at(-1)!;
      const refusedFirst = attempts.filter(
        (attempt) => attempt.outcome === 'refused' && attempt.seq < accepted.seq,
      );
      const how = `${describeAttempt(accepted)}${
        negotiation.fellBackFrom ? `, after ${refusedFirst.map(describeAttempt).join(', ')} was refused` : ''
      }`;
      if (expected !== undefined && negotiation.era !== expected)
        return fail(
          this.id,
          `${run.serverId}: the client negotiated ${ERA_REVISION[negotiation.era]} (${how}) ${where}, not ${ERA_REVISION[expected]}.`,
          evidenceOf([...refusedFirst, accepted]),
          `it speaks ${negotiation.era} here where ${expected} was expected`,
        );
      return pass(
        this.id,
        `${run.serverId}: the client negotiated ${ERA_REVISION[negotiation.era]} ${where}: ${how}.`,
        evidenceOf([...refusedFirst, accepted]),
      );
    }
    const otherReason = attempts.filter((attempt) => !refusedForEra(attempt, endpoint));
    if (otherReason.length > 0)
      return inconclusive(
        this.id,
        `${run.serverId}: no handshake was accepted ${where}, but not because of the era: ${otherReason.map(describeAttempt).join(', ')}.`,
        evidenceOf(otherReason),
      );
    const served = endpoint.map((era) => ERA_REVISION[era]).join(' or ');
    const tried = [...new Set(attempts.map((attempt) => attempt.era))];
    return fail(
      this.id,
      `${run.serverId}: the client never completed a ${served} handshake ${where}: it sent ${attempts.map(describeAttempt).join(', then ')} and gave up.`,
      evidenceOf(attempts),
      tried.length === 1
        ? `it speaks only ${ERA_REVISION[tried[0]!]} here (${tried[0] === 'modern' ? 'no fallback to initialize' : 'no 2026-07-28 request'})`
        : 'it tried both eras and each attempt was refused',
    );
  },
};
