import {
  type ConnectionRecord,
  connectionFrames,
  INVARIANTS,
  negotiatedEra,
  type RunRecord,
  type ServerRecord,
} from '@toolshift/assertions';
import type { ScriptDocument } from '@toolshift/fake-server';
import { type CellEra, checkId, describeSource, type Scenario, serverOf } from '../scenario.js';
import type { CheckVerdict } from './cell.js';
import type { CellServers } from './cell-servers.js';
import type { ObservationLog } from './observation-log.js';

/**
 * The run record of one server connection of a finished cell (with every server's side attached).
 * Transcripts end where the scenario's actions ended (`endSeqs`): the harness tearing the cell down
 * afterwards (closing the client, then the server) is not part of the run being judged. The
 * record carries the eras the endpoint served and the era the client negotiated on this
 * connection, read from its frames.
 */
export function runRecordFor(
  serverId: string,
  era: CellEra,
  servers: CellServers,
  log: ObservationLog,
  endSeqs: Readonly<Record<string, number>>,
): RunRecord {
  const all: Record<string, ServerRecord> = Object.fromEntries(
    servers.list.map((server) => {
      const end = endSeqs[server.id] ?? Number.POSITIVE_INFINITY;
      return [
        server.id,
        {
          transcript: server.fake.transcript.frames.filter((frame) => frame.seq <= end),
          finalCatalog: server.fake.snapshot(),
        },
      ];
    }),
  );
  const own = all[serverId]!;
  const fake = servers.get(serverId).fake;
  const sharing = servers.list.filter((server) => server.fake === fake);
  const connections: ConnectionRecord[] = sharing.map((server) => ({
    serverId: server.id,
    principal: principalOf(fake.script, server.bearerToken),
  }));
  const record: RunRecord = {
    era,
    endpointEras: [...fake.eras],
    serverId,
    transcript: own.transcript,
    observations: log.forServer(serverId),
    finalCatalog: own.finalCatalog,
    ...(connections.length > 1 ? { connections } : {}),
    servers: all,
  };
  return { ...record, negotiated: negotiatedEra(connectionFrames(record, serverId)) };
}

/** The run record of every server connection of a finished cell, by server id. */
export function runRecords(
  era: CellEra,
  servers: CellServers,
  log: ObservationLog,
  endSeqs: Readonly<Record<string, number>>,
): Map<string, RunRecord> {
  return new Map(
    servers.list.map((server) => [server.id, runRecordFor(server.id, era, servers, log, endSeqs)]),
  );
}

/** The principal the fake server records for requests carrying `bearerToken` (from the script's tokens and grants). */
function principalOf(script: ScriptDocument, bearerToken: string | undefined): string {
  if (bearerToken === undefined) return 'anonymous';
  const granted = (script.steps ?? []).flatMap((step) =>
    step.action.action === 'grantToken' ? [step.action] : [],
  );
  return (
    [...(script.auth?.tokens ?? []), ...granted].find((grant) => grant.token === bearerToken)?.principal ??
    'unauthenticated'
  );
}

/**
 * Applies every check of the scenario to the record of its server (see {@link runRecords}).
 * @throws {Error} when a check names an unknown invariant (scenario loading rejects that earlier).
 */
export function evaluateChecks(scenario: Scenario, records: ReadonlyMap<string, RunRecord>): CheckVerdict[] {
  return scenario.checks.map((check) => {
    const invariant = INVARIANTS[check.invariant];
    if (!invariant) throw new Error(`Scenario ${scenario.id} names unknown invariant ${check.invariant}`);
    const serverId = serverOf(scenario, check);
    const record = records.get(serverId)!;
    return {
      ...invariant.check(record, check.params),
      checkId: checkId(check),
      serverId,
      ...(check.cites ? { cites: describeSource(check.cites) } : {}),
    };
  });
}
