import {
  type ConnectionRecord,
  checkEveryServer,
  INVARIANTS,
  type RunRecord,
  recordOf,
  type ServerRecord,
} from '@toolshift/assertions';
import type { Era, ScriptDocument } from '@toolshift/fake-server';
import { checkId, describeSource, type Scenario, serverOf } from '../scenario.js';
import type { CheckVerdict } from './cell.js';
import type { CellServers } from './cell-servers.js';
import type { ObservationLog } from './observation-log.js';

/**
 * The run record of one server connection of a finished cell, with every server's side attached
 * (its transcript, final catalog, the observations stamped against it and, when several
 * connections share its fake server, those connections). Transcripts end where the scenario's
 * actions ended (`endSeqs`): the harness tearing the cell down afterwards (closing the client, then
 * the server) is not part of the run being judged.
 */
export function runRecordFor(
  serverId: string,
  era: Era,
  servers: CellServers,
  log: ObservationLog,
  endSeqs: Readonly<Record<string, number>>,
): RunRecord {
  const all: Record<string, ServerRecord> = Object.fromEntries(
    servers.list.map((server) => {
      const end = endSeqs[server.id] ?? Number.POSITIVE_INFINITY;
      const connections = connectionsOf(servers, server.fake);
      return [
        server.id,
        {
          transcript: server.fake.transcript.frames.filter((frame) => frame.seq <= end),
          finalCatalog: server.fake.snapshot(),
          observations: log.forServer(server.id),
          ...(connections.length > 1 ? { connections } : {}),
        },
      ];
    }),
  );
  const own = all[serverId]!;
  return {
    era,
    serverId,
    transcript: own.transcript,
    observations: own.observations!,
    finalCatalog: own.finalCatalog,
    ...(own.connections ? { connections: own.connections } : {}),
    servers: all,
  };
}

/** Every connection of the cell to the fake server `fake`, with the principal its credentials stand for. */
function connectionsOf(servers: CellServers, fake: CellServers['list'][number]['fake']): ConnectionRecord[] {
  return servers.list
    .filter((server) => server.fake === fake)
    .map((server) => ({ serverId: server.id, principal: principalOf(fake.script, server.bearerToken) }));
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
 * Applies every check of the scenario: a check naming a `server` to that server's record; a check
 * naming none to every server of the scenario (`checkEveryServer`: it fails when any server fails),
 * never silently to the first server only.
 * @throws {Error} when a check names an unknown invariant (scenario loading rejects that earlier).
 */
export function evaluateChecks(
  scenario: Scenario,
  era: Era,
  servers: CellServers,
  log: ObservationLog,
  endSeqs: Readonly<Record<string, number>>,
): CheckVerdict[] {
  const run = runRecordFor(servers.list[0]!.id, era, servers, log, endSeqs);
  return scenario.checks.map((check) => {
    const invariant = INVARIANTS[check.invariant];
    if (!invariant) throw new Error(`Scenario ${scenario.id} names unknown invariant ${check.invariant}`);
    const base = { checkId: checkId(check), cites: describeSource(check.cites) };
    if (check.server === undefined) {
      const verdict = checkEveryServer(invariant, run, check.params);
      return { ...verdict, ...base };
    }
    const serverId = serverOf(scenario, check);
    const record = recordOf(run, serverId);
    if (!record)
      throw new Error(`Scenario ${scenario.id}: check ${base.checkId} names unknown server ${serverId}`);
    return { ...invariant.check(record, check.params), ...base, serverId };
  });
}
