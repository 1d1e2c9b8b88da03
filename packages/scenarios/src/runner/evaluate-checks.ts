import {
  type ConnectionRecord,
  checkEveryServer,
  connectionFrames,
  INVARIANTS,
  type ListsTruth,
  negotiatedEra,
  type RunRecord,
  type ServerRecord,
} from '@toolshift/assertions';
import type { ScriptDocument } from '@toolshift/fake-server';
import { type CellEra, checkId, describeSource, type Scenario } from '../scenario.js';
import type { CheckVerdict } from './cell.js';
import type { CellServers } from './cell-servers.js';
import type { ObservationLog } from './observation-log.js';

/**
 * The run record of one server connection of a finished cell, with every server's side attached
 * (its transcript, final catalog, the observations stamped against it and, when several
 * connections share its fake server, those connections). Transcripts end where the scenario's
 * actions ended (`endSeqs`): the harness tearing the cell down afterwards (closing the client, then
 * the server) is not part of the run being judged. The record carries the eras the endpoint served
 * and the era the client negotiated on this connection, read from its frames.
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
      const connections = connectionsOf(servers, server.fake);
      return [
        server.id,
        {
          transcript: server.fake.transcript.frames.filter((frame) => frame.seq <= end),
          finalCatalog: server.fake.snapshot(),
          finalLists: finalListsOf(server.fake),
          observations: log.forServer(server.id),
          ...(connections.length > 1 ? { connections } : {}),
          credentialDigest: (credential: string) => server.fake.credentialDigest(credential),
        },
      ];
    }),
  );
  const own = all[serverId]!;
  const fake = servers.get(serverId).fake;
  const record: RunRecord = {
    era,
    endpointEras: [...fake.eras],
    serverId,
    transcript: own.transcript,
    observations: own.observations!,
    finalCatalog: own.finalCatalog,
    ...(own.finalLists ? { finalLists: own.finalLists } : {}),
    ...(own.connections ? { connections: own.connections } : {}),
    ...(own.credentialDigest ? { credentialDigest: own.credentialDigest } : {}),
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

/** The keys of a fake server's resources, templates and prompts now, for the lists it serves. */
function finalListsOf(fake: CellServers['list'][number]['fake']): ListsTruth {
  const keys = <K extends 'resources' | 'resourceTemplates' | 'prompts'>(kind: K, field: string) => {
    const list = fake.list(kind);
    return list.served
      ? { [kind]: list.items.map((item) => String((item as unknown as Record<string, unknown>)[field])) }
      : {};
  };
  return {
    ...keys('resources', 'uri'),
    ...keys('resourceTemplates', 'uriTemplate'),
    ...keys('prompts', 'name'),
  };
}

/** Every connection of the cell to the fake server `fake`, with the principal its credentials stand for. */
function connectionsOf(servers: CellServers, fake: CellServers['list'][number]['fake']): ConnectionRecord[] {
  return servers.list
    .filter((server) => server.fake === fake)
    .map((server) => ({ serverId: server.id, principal: principalOf(fake.script, server.bearerToken) }));
}

/** The principal the fake server records for requests carrying `bearerToken` (from the script's tokens and grants). */
export function principalOf(script: ScriptDocument, bearerToken: string | undefined): string {
  if (bearerToken === undefined) return 'anonymous';
  const granted = (script.steps ?? []).flatMap((step) =>
    step.action.action === 'grantToken' ? [step.action] : [],
  );
  return (
    [...(script.auth?.tokens ?? []), ...granted].find((grant) => grant.token === bearerToken)?.principal ??
    'unauthenticated'
  );
}

/** Thrown by a wire-only record when a check reads the client's observations. */
class ObservationsNeeded extends Error {}

/**
 * The record as a wire-only client leaves it: reading `observations` throws, so a check that needs
 * what the client exposed, called or reported is told apart from one the transcripts settle.
 */
function wireOnlyRecord(record: RunRecord): RunRecord {
  const { observations: _unknown, ...wire } = record;
  return Object.defineProperty(wire, 'observations', {
    enumerable: true,
    get() {
      throw new ObservationsNeeded();
    },
  }) as RunRecord;
}

/** Options of {@link evaluateChecks}. */
export interface EvaluateOptions {
  /**
   * The client reports nothing but its traffic (`wireOnly`): a check whose invariant reads the
   * client's observations is `n/a` with the reason instead of being judged on an empty record.
   */
  wireOnly?: boolean;
}

/**
 * Applies every check of the scenario (see {@link runRecords}): a check naming a `server` to that
 * server's record; a check naming none to every server of the scenario (`checkEveryServer`: it
 * fails when any server fails), never silently to the first server only.
 * @throws {Error} when a check names an unknown invariant or server (scenario loading rejects both earlier).
 */
export function evaluateChecks(
  scenario: Scenario,
  records: ReadonlyMap<string, RunRecord>,
  options: EvaluateOptions = {},
): CheckVerdict[] {
  return scenario.checks.map((check): CheckVerdict => {
    const invariant = INVARIANTS[check.invariant];
    if (!invariant) throw new Error(`Scenario ${scenario.id} names unknown invariant ${check.invariant}`);
    const base = { checkId: checkId(check), ...(check.cites ? { cites: describeSource(check.cites) } : {}) };
    const judge = (): CheckVerdict => {
      const judged = options.wireOnly
        ? new Map(
            [...records].map(
              ([id, record]) =>
                [
                  id,
                  invariant.judgesWireOnly
                    ? { ...record, observations: [], wireOnly: true }
                    : wireOnlyRecord(record),
                ] as const,
            ),
          )
        : records;
      if (check.server === undefined)
        return { ...checkEveryServer(invariant, judged, check.params), ...base };
      const record = judged.get(check.server);
      if (!record)
        throw new Error(
          `Scenario ${scenario.id}: check ${base.checkId} names unknown server ${check.server}`,
        );
      return { ...invariant.check(record, check.params), ...base, serverId: check.server };
    };
    if (!options.wireOnly) return judge();
    try {
      return judge();
    } catch (error) {
      if (!(error instanceof ObservationsNeeded)) throw error;
      return {
        invariantId: invariant.id,
        status: 'n/a',
        message: `Not judged: ${invariant.id} needs what the client exposed, called or reported, and this client is judged on the wire only (${invariant.title})`,
        evidence: [],
        ...base,
        ...(check.server === undefined ? {} : { serverId: check.server }),
      };
    }
  });
}
