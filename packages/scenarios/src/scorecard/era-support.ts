import type { Era } from '@toolshift/fake-server';
import { SCENARIOS } from '../../catalog/index.js';
import { type ClientAdapterFactory, capabilitiesOf } from '../adapters/client-adapter.js';
import type { CellResult } from '../runner/cell.js';
import { runSuite } from '../runner/run-suite.js';
import type { GroupGrade } from './group-grade.js';

/** Whether a library connected to, and listed the tools of, a server speaking only one protocol revision. */
export interface EraSupport {
  supported: boolean;
  /** What the wire showed: `connected and listed`, or the failure (first failing check and its message). */
  detail: string;
}

/** The scenario the probe runs: one server, one tool, connect and settle. */
export const ERA_PROBE_SCENARIO = 'one-valid-tool';

/** The protocol revision a probe era speaks. */
const REVISION: Record<Era, string> = { legacy: '2025-11-25', modern: '2026-07-28' };

/**
 * Measures which protocol revisions a client speaks, whatever its driver declares: runs
 * {@link ERA_PROBE_SCENARIO} against a 2025-11-25-only and a 2026-07-28-only server over HTTP with
 * the client's declared eras set aside (so neither cell is `n/a`), and reports for each whether the
 * client connected and listed the tool, or what it did instead.
 */
export async function measureEraSupport(
  client: ClientAdapterFactory,
  options: { settleTimeoutMs?: number; actionTimeoutMs?: number } = {},
): Promise<Record<Era, EraSupport>> {
  const { eras: _declared, ...capabilities } = capabilitiesOf(client);
  const undeclared: ClientAdapterFactory = { ...client, capabilities };
  const scenario = SCENARIOS.find((each) => each.id === ERA_PROBE_SCENARIO)!;
  const summary = await runSuite({
    scenarios: [scenario],
    eras: ['legacy', 'modern'],
    transports: ['http'],
    clients: [undeclared],
    concurrency: 1,
    ...(options.settleTimeoutMs !== undefined ? { settleTimeoutMs: options.settleTimeoutMs } : {}),
    ...(options.actionTimeoutMs !== undefined ? { actionTimeoutMs: options.actionTimeoutMs } : {}),
  });
  const support = (era: Era): EraSupport => {
    const result = summary.results.find((each) => each.era === era);
    if (!result) return { supported: false, detail: 'the probe did not run' };
    // Support is connecting in that era and listing: an advice check failing on the probe's one
    // tool (schemas, exposure) says nothing about whether the library speaks the revision.
    if (connectedAndListed(result, era))
      return { supported: true, detail: `connected to a ${REVISION[era]}-only server and listed its tool` };
    const failure = result.firstFailure;
    const why = failure
      ? `${failure.checkId}: ${failure.message}`
      : (result.error ?? result.notApplicable ?? result.rawStatus);
    return { supported: false, detail: `against a ${REVISION[era]}-only server: ${why}` };
  };
  return { legacy: support('legacy'), modern: support('modern') };
}

/** Whether the client negotiated `era` on the probe's connection and a `tools/list` of it was answered with a result. */
function connectedAndListed(result: CellResult, era: Era): boolean {
  if (!result.negotiated?.some((connection) => connection.era === era)) return false;
  const listIds = new Set(
    result.transcript
      .filter(
        (frame) =>
          frame.direction === 'in' &&
          (frame.message as { method?: string } | undefined)?.method === 'tools/list',
      )
      .map((frame) => JSON.stringify((frame.message as { id?: unknown }).id)),
  );
  return result.transcript.some((frame) => {
    const message = frame.message as { id?: unknown; result?: unknown } | undefined;
    return (
      frame.direction === 'out' && message?.result !== undefined && listIds.has(JSON.stringify(message.id))
    );
  });
}

/**
 * The modern protocol group, held to what was measured: a library that cannot connect to a
 * 2026-07-28-only server is `not supported` (with what it did) when it does not claim the revision
 * (its docs, or else its driver, name only 2025-11-25), and fails when it claims it (`unconfirmed` until the
 * baseline names the cause of the probe scenario's 2026-07-28 failure); a library
 * that connects is graded on its cells, but never passes on legacy fallback cells alone — without a
 * passing cell of a 2026-07-28-only endpoint, nothing of the revision itself was judged (`n/a`).
 */
export function modernGroupGrade(
  grade: GroupGrade,
  support: Record<Era, EraSupport> | undefined,
  /** The library says it speaks 2026-07-28 (its manifest's `protocolRevisions`, else its driver's declared eras). */
  claimsModern: boolean,
  /** The charged root cause explaining the probe scenario's 2026-07-28 cell, if the baseline names one. */
  probeCause?: string,
): GroupGrade {
  if (grade.group !== 'modern protocol' || !support) return grade;
  if (!support.modern.supported && !claimsModern)
    return {
      ...grade,
      grade: 'not supported',
      summary: `cannot connect to a 2026-07-28-only server: ${support.modern.detail}`,
    };
  if (grade.grade !== 'pass' && grade.grade !== 'pass by re-asking') return grade;
  const modernPassed = grade.cells.some(
    (cell) => cell.era === 'modern' && (cell.status === 'pass' || cell.reaskedDespite !== undefined),
  );
  if (modernPassed) return grade;
  if (support.modern.supported)
    return {
      ...grade,
      grade: 'n/a',
      summary: `${grade.summary}; no cell of a 2026-07-28-only endpoint was judged, only fallbacks`,
    };
  // It claims the revision and cannot connect: a bug once the baseline names its cause, a lead until then.
  return {
    ...grade,
    grade: probeCause ? 'fail' : 'unconfirmed',
    summary: `cannot connect to a 2026-07-28-only server, which its driver says it speaks: ${support.modern.detail}`,
    ...(probeCause ? { rootCauses: [...new Set([...(grade.rootCauses ?? []), probeCause])] } : {}),
  };
}

/** Whether a library claims 2026-07-28: its manifest's `protocolRevisions`, else what its driver declares (nothing declared: both). */
export function claimsModern(
  manifest: { protocolRevisions?: { revisions: readonly string[] } },
  declaredEras: readonly Era[] | undefined,
): boolean {
  if (manifest.protocolRevisions) return manifest.protocolRevisions.revisions.includes('2026-07-28');
  return declaredEras === undefined || declaredEras.includes('modern');
}
