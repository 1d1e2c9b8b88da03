import { eraNegotiated, type RunRecord } from '@toolshift/assertions';
import type { CheckVerdict, ConnectionEra } from './cell.js';

/** The runner's own check that the client spoke the cell's era. */
export const ERA_NEGOTIATED_CHECK = 'runner.era-negotiated';

/** What the runner read about eras from a finished cell. */
export interface EraNegotiationOutcome {
  /** Per server connection: the endpoint's eras and the era the client negotiated. */
  connections: ConnectionEra[];
  /** A failing `runner.era-negotiated` verdict per connection the client could not speak to. */
  verdicts: CheckVerdict[];
}

/**
 * Applies `era.negotiated` to every server connection of a finished cell: a client that cannot
 * speak its endpoint's era gets a `runner.era-negotiated` failure saying exactly that ("the client
 * never completed a 2025-11-25 handshake on a legacy-only endpoint: it sent server/discover (#3,
 * answered 400 …) and gave up"), never a runner timeout. Only failures become verdicts, like the
 * runner's other checks; a client refused for another reason (authorization, a fault) or one that
 * never contacted a server is left to the scenario's checks.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export function judgeEraNegotiation(records: ReadonlyMap<string, RunRecord>): EraNegotiationOutcome {
  const connections: ConnectionEra[] = [];
  const verdicts: CheckVerdict[] = [];
  for (const [serverId, record] of records) {
    connections.push({ serverId, endpointEras: record.endpointEras ?? [], ...record.negotiated! });
    const verdict = eraNegotiated.check(record);
    if (verdict.status === 'fail') verdicts.push({ ...verdict, checkId: ERA_NEGOTIATED_CHECK, serverId });
  }
  return { connections, verdicts };
}

/**
 * Scenario checks on a connection whose era negotiation failed would only repeat that failure
 * ("never exposed any tools", "never sent tools/list"): their failures become `inconclusive`, and
 * their inconclusive verdicts lose a `client` cause (it is the same era failure), naming the era
 * failure and keeping their own message and evidence.
 */
export function setAsideEraConsequences(
  verdicts: readonly CheckVerdict[],
  eraFailures: readonly CheckVerdict[],
): CheckVerdict[] {
  const failed = new Set(eraFailures.map((verdict) => verdict.serverId));
  return verdicts.map((verdict) => {
    if (verdict.serverId === undefined || !failed.has(verdict.serverId)) return verdict;
    if (verdict.status === 'fail')
      return {
        ...verdict,
        status: 'inconclusive',
        message: `Not judged: the client never negotiated an era with ${verdict.serverId} (${ERA_NEGOTIATED_CHECK}). It would fail with: ${verdict.message}`,
      };
    // An inconclusive the client's doing would only repeat the era failure too: staging here.
    if (verdict.status === 'inconclusive' && verdict.cause === 'client') {
      const { cause: _repeat, ...staging } = verdict;
      return {
        ...staging,
        message: `Not judged: the client never negotiated an era with ${verdict.serverId} (${ERA_NEGOTIATED_CHECK}). ${verdict.message}`,
      };
    }
    return verdict;
  });
}
