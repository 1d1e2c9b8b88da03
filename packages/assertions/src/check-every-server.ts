import type { Invariant, InvariantParams } from './invariant.js';
import { type RunRecord, recordOf, serverIds } from './run-record.js';
import type { FrameRef, Verdict } from './verdict.js';

/** A verdict over one or several servers: `serverId` names the server whose verdict decided it, when one did. */
export interface ServerVerdict extends Verdict {
  /** The server whose record gave this verdict (a failure's server; the only server of a one-server run). */
  serverId?: string;
}

const prefixed = (serverId: string, text: string) =>
  text.startsWith(`${serverId}:`) || text.startsWith(`${serverId} `) ? text : `${serverId}: ${text}`;

/**
 * Applies `invariant` to every server of the run and combines the verdicts. `run` is every server's
 * record by id (as the runner builds them), or one record whose `servers` give the others
 * (`recordOf`). The verdicts combine so a check no `server:` narrows judges all of them rather than the first:
 * - `fail` when any server fails (for an invariant that holds `acrossServers: 'any'`: when some
 *   server fails and none passes): the first failing server's verdict, its message naming the
 *   server (and the other failing servers), its evidence from that server's transcript;
 * - `pass` when at least one server passed and none failed (`any`: at least one passed): the
 *   message lists each server's verdict (an `inconclusive` one says why), evidence notes name their server;
 * - `inconclusive` with `cause: 'client'` when a server's verdict was left unjudged by the client
 *   (see `InconclusiveCause`) and none failed — for `all`, even when another server passed (that
 *   server's pass does not make up for the one the client kept from being judged); for `any`, only
 *   when none passed;
 * - `inconclusive` when no server had anything to judge, with every server's reason.
 * A run with one server gives that server's verdict unchanged; an invariant that judges the run as
 * a whole (`acrossServers: 'run'`) is checked once, on the first server's record.
 * @throws {Error} when there is no server record at all.
 */
export function checkEveryServer(
  invariant: Invariant,
  run: RunRecord | ReadonlyMap<string, RunRecord>,
  params?: InvariantParams,
): ServerVerdict {
  const records =
    run instanceof Map
      ? (run as ReadonlyMap<string, RunRecord>)
      : new Map(
          serverIds(run as RunRecord).flatMap((serverId) => {
            const record = recordOf(run as RunRecord, serverId);
            return record ? [[serverId, record] as const] : [];
          }),
        );
  const first = records.values().next().value;
  if (!first) throw new Error(`checkEveryServer: no server record to check ${invariant.id} on`);
  if (invariant.acrossServers === 'run') return invariant.check(first, params);
  const verdicts = [...records].map(([serverId, record]) => ({
    serverId,
    verdict: invariant.check(record, params),
  }));
  if (verdicts.length === 1) return { ...verdicts[0]!.verdict, serverId: verdicts[0]!.serverId };
  const failed = verdicts.filter((entry) => entry.verdict.status === 'fail');
  const anyPassed = verdicts.some((entry) => entry.verdict.status === 'pass');
  if (failed.length > 0 && (invariant.acrossServers !== 'any' || !anyPassed)) {
    const [first, ...others] = failed;
    const also = others.length ? ` (${others.map((entry) => entry.serverId).join(', ')} failed too)` : '';
    return {
      ...first!.verdict,
      message: `${prefixed(first!.serverId, first!.verdict.message)}${also}`,
      serverId: first!.serverId,
    };
  }
  const passed = verdicts.filter((entry) => entry.verdict.status === 'pass');
  const clientsDoing = verdicts.filter(
    (entry) => entry.verdict.status === 'inconclusive' && entry.verdict.cause === 'client',
  );
  if (clientsDoing.length > 0 && (invariant.acrossServers !== 'any' || passed.length === 0)) {
    const [first, ...others] = clientsDoing;
    const also = others.length ? ` (and on ${others.map((entry) => entry.serverId).join(', ')})` : '';
    return {
      ...first!.verdict,
      message: `${prefixed(first!.serverId, first!.verdict.message)}${also}`,
      serverId: first!.serverId,
    };
  }
  const summary = verdicts
    .map(({ serverId, verdict }) =>
      verdict.status === 'pass'
        ? prefixed(serverId, verdict.message)
        : `${serverId}: ${verdict.status} (${verdict.message})`,
    )
    .join(' ');
  const evidence: FrameRef[] = passed.flatMap(({ serverId, verdict }) =>
    verdict.evidence.map((ref) => ({ ...ref, note: `${serverId} #${ref.seq}: ${ref.note}` })),
  );
  if (passed.length > 0) {
    return {
      invariantId: invariant.id,
      status: 'pass',
      message: `Judged ${verdicts.length} servers, ${passed.length} with something to judge. ${summary}`,
      evidence,
    };
  }
  return {
    invariantId: invariant.id,
    status: 'inconclusive',
    message: `No server of the run had anything to judge. ${summary}`,
    evidence: [],
  };
}
