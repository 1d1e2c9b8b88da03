import { fail, inconclusive } from '@toolshift/assertions';
import { isToolshiftError } from '@toolshift/fake-server';
import type { UpstreamTarget } from '@toolshift/fake-server/proxy';
import { type ClientAdapter, type ClientAdapterFactory, capabilitiesOf } from '../adapters/client-adapter.js';
import { describeMissingMethods, missingMethods } from '../adapters/feature-methods.js';
import { type CellEra, essentialCheckIds, type Scenario, type ScenarioTransport } from '../scenario.js';
import { notApplicableReason } from './applicability.js';
import { type CellResult, type CheckVerdict, rawStatusOf } from './cell.js';
import { withCellConsole } from './cell-console.js';
import { type CellServer, type CellServers, startCellServers } from './cell-servers.js';
import { CellSession } from './cell-session/cell-session.js';
import { tearDownCell } from './cell-teardown.js';
import { stampAuthority } from './check-authority.js';
import { isIsolated } from './client-process/isolated-client.js';
import type { ClientProcessCell, ClientProcessCellEnd } from './client-process/remote-cell.js';
import { judgeEraNegotiation, setAsideEraConsequences } from './era-negotiation.js';
import { markEssential } from './essential-checks.js';
import { evaluateChecks, runRecords } from './evaluate-checks.js';
import { judgedAgainstUpstream, proxyNotApplicable } from './proxy-cell.js';
import { judgeWireOnlyEssentials } from './wire-only-essentials.js';

/** Bounds and choices for one cell; times are ms of wall time. */
export interface CellOptions {
  /** Transport of the cell (default: the scenario's first). */
  transport?: ScenarioTransport;
  /** Upper bound for each `settle` action (default 4000). */
  settleTimeoutMs?: number;
  /** Quiet period a `settle` waits for once the client converged (default 150). */
  quietMs?: number;
  /** Upper bound for each client action (connect, call, …; default 15000). */
  actionTimeoutMs?: number;
  /** Default upper bound for a `wait-for` action (default 4000). */
  waitTimeoutMs?: number;
  /** Seed override for every script. */
  seed?: number;
  /**
   * Run against a real server: each scenario server is a proxy in front of it, the scenario's script
   * its overlay (`toolshift run --proxy-upstream`). A scenario the proxy cannot express is `n/a`.
   */
  proxyUpstream?: UpstreamTarget;
  /** Told before each client action starts (`action 3 of 4 (call search_docs)`), then `the client's close()` and `the checks`. */
  onAction?: (description: string) => void;
}

/** The runner's check that a client program did not end by itself with a failure status. */
export const PROGRAM_EXIT_CHECK = 'runner.program-exit';

/** A cell's result before the baseline is applied. */
export type RawCellResult = Omit<CellResult, 'status' | 'baselineReason'>;

/**
 * Runs one scenario in one era over one transport against one client: starts the scenario's fake
 * servers (serving the cell's era: legacy-only, modern-only or both for `dual`, unless a script
 * pins its eras), drives the client through the scenario's actions, reads the era the client
 * negotiated with each server from the wire, then applies every check to the transcripts and the
 * client's observations. A client lacking a transport or feature the scenario needs gives `n/a`
 * without running. A client of a `--client-module` file (an isolated client) runs in a client
 * process (`runner/client-process/`) while its cell runs here: servers, transcripts and checks stay
 * in the runner, and only what the client reports crosses over, as observations. Never throws for a misbehaving client: connection failures, a client that
 * cannot speak the endpoint's era (`runner.era-negotiated`) and hung actions become failing
 * verdicts; a broken script step or transport is `error`. What an in-process client prints through
 * `console.*` during the cell is its `clientStderr` (see `withCellConsole`), never the run's output.
 */
export async function runCell(
  scenario: Scenario,
  era: CellEra,
  factory: ClientAdapterFactory,
  options: CellOptions = {},
): Promise<RawCellResult> {
  // What an in-process client prints through the console is the cell's record, not the run's output.
  const { value: result, printed } = await withCellConsole(() =>
    runJudgedCell(scenario, era, factory, options),
  );
  return printed && !result.clientStderr ? { ...result, clientStderr: printed } : result;
}

async function runJudgedCell(
  scenario: Scenario,
  era: CellEra,
  factory: ClientAdapterFactory,
  options: CellOptions,
): Promise<RawCellResult> {
  const started = Date.now();
  const transport = options.transport ?? scenario.transports[0]!;
  const base = { scenarioId: scenario.id, era, transport, client: factory.name };
  const empty = { verdicts: [], transcript: [], servers: [], observations: [] };
  const reason = notApplicableReason(scenario, transport, capabilitiesOf(factory), era);
  if (reason) return { ...base, ...empty, rawStatus: 'n/a', notApplicable: reason, durationMs: 0 };
  const proxyReason = options.proxyUpstream ? proxyNotApplicable(scenario) : undefined;
  if (proxyReason) return { ...base, ...empty, rawStatus: 'n/a', notApplicable: proxyReason, durationMs: 0 };

  const opened = await openAdapter(factory);
  if ('error' in opened)
    return { ...base, ...empty, rawStatus: 'error', error: opened.error, durationMs: Date.now() - started };
  // A client in a client process: the cell runs here all the same, its adapter is remote.
  const { adapter, processCell } = opened;
  const harnessError = async (error: string): Promise<RawCellResult> => {
    const ended = await processCell?.end();
    return {
      ...base,
      ...empty,
      rawStatus: 'error',
      error,
      ...(ended?.warnings.length ? { harnessWarnings: ended.warnings } : {}),
      durationMs: Date.now() - started,
    };
  };
  const missing = missingMethods(capabilitiesOf(factory), adapter);
  if (missing.length > 0) return harnessError(`client ${factory.name} ${describeMissingMethods(missing)}`);
  let servers: CellServers;
  try {
    servers = await startCellServers(scenario, transport, options.seed, era, options.proxyUpstream);
  } catch (error) {
    // The upstream does not speak the cell's era, or already has a tool the scenario serves.
    if (isToolshiftError(error, 'PROXY_OVERLAY_CONFLICT')) {
      const ended = await processCell?.end();
      return {
        ...base,
        ...empty,
        rawStatus: 'n/a',
        notApplicable: (error.data as { reason?: string }).reason ?? error.message,
        ...(ended?.warnings.length ? { harnessWarnings: ended.warnings } : {}),
        durationMs: Date.now() - started,
      };
    }
    return harnessError((error as Error).message);
  }
  const onAction = (description: string) => {
    processCell?.action(description);
    options.onAction?.(description);
  };
  const actionTimeoutMs = options.actionTimeoutMs ?? 15_000;
  const wireOnly = capabilitiesOf(factory).wireOnly === true;
  const session = new CellSession(
    scenario,
    era,
    servers,
    adapter,
    {
      settleTimeoutMs: options.settleTimeoutMs ?? 4000,
      quietMs: options.quietMs ?? 150,
      actionTimeoutMs,
      waitTimeoutMs: options.waitTimeoutMs ?? 4000,
      wireOnly,
    },
    onAction,
    capabilitiesOf(factory).features,
  );
  const end = await session.run(scenario.clientActions);
  // The judged run ends here: frames and observations after this point are teardown, reported apart.
  const endSeqs = session.log.end();
  const unfired = unfiredPageMutations(servers);
  onAction("the client's close()");
  await tearDownCell(adapter, servers, {
    actionTimeoutMs,
    note: (text) => session.observer.note(text),
  });
  const ended: ClientProcessCellEnd | undefined = await processCell?.end(servers.serverPids());
  const failure = adapter.failure?.();
  const clientStderr = processCell ? ended?.clientStderr : adapter.clientStderr?.();
  const harnessWarnings = [...(ended?.warnings ?? []), ...(adapter.harnessWarnings?.() ?? [])];
  const exited: CheckVerdict[] = failure
    ? [{ ...fail(PROGRAM_EXIT_CHECK, failure, []), checkId: PROGRAM_EXIT_CHECK }]
    : [];

  options.onAction?.('the checks');
  const records = runRecords(era, servers, session.log, endSeqs);
  const negotiation = judgeEraNegotiation(records);
  // The era failure comes first: it is the cause the table shows, not its consequences.
  const spoken = new Map(negotiation.connections.map((connection) => [connection.serverId, connection.era]));
  // An essential check the client left unjudged by its own doing is a failure (see markEssential);
  // every verdict then carries the authority of its check in the era the client spoke.
  const judgedScenario = options.proxyUpstream ? judgedAgainstUpstream(scenario, servers) : scenario;
  const marked = markEssential(
    [
      // The client's process ending mid-cell explains what follows: it comes first.
      ...(ended?.processVerdict ? [ended.processVerdict] : []),
      ...unfired,
      ...negotiation.verdicts,
      ...setAsideEraConsequences(
        [...exited, ...session.runnerVerdicts, ...evaluateChecks(judgedScenario, records, { wireOnly })],
        negotiation.verdicts,
      ),
    ],
    essentialCheckIds(scenario),
  );
  // A client judged on the wire only never passes on what it left n/a (see judgeWireOnlyEssentials).
  const verdicts = stampAuthority(
    wireOnly ? judgeWireOnlyEssentials(marked, judgedScenario, records) : marked,
    scenario,
    (serverId) => spoken.get(serverId ?? servers.list[0]!.id) ?? (era === 'dual' ? 'modern' : era),
  );
  const firstFailure = verdicts.find((verdict) => verdict.status === 'fail');
  const first = servers.list[0]!;
  // A wire-only client in a scenario whose every check needs its observations: nothing was judged.
  const unjudged = wireOnly && verdicts.length > 0 && verdicts.every((verdict) => verdict.status === 'n/a');
  return {
    ...base,
    ...(unjudged && end.kind !== 'error'
      ? {
          rawStatus: 'n/a' as const,
          notApplicable:
            'every check of this scenario needs what the client exposes or does, and this client is judged on the wire only',
        }
      : { rawStatus: withPremise(rawStatusOf(verdicts, end.kind === 'error'), unfired) }),
    ...(end.kind === 'error' ? { error: end.reason } : {}),
    verdicts,
    ...(firstFailure ? { firstFailure } : {}),
    negotiated: negotiation.connections,
    transcript: judgedFrames(first, endSeqs),
    servers: servers.list.map((server) => ({
      serverId: server.id,
      transcript: judgedFrames(server, endSeqs),
      teardown: server.fake.transcript.frames.filter((frame) => frame.seq > (endSeqs[server.id] ?? 0)),
    })),
    observations: session.log.forServer(first.id),
    teardownObservations: session.log.afterEnd(first.id),
    ...(clientStderr ? { clientStderr } : {}),
    ...(harnessWarnings.length ? { harnessWarnings } : {}),
    durationMs: Date.now() - started,
  };
}

/**
 * The cell's adapter: created here for an in-process client, or in a client process of the
 * client's module (an isolated client), whose adapter is then remote and whose cell must be ended.
 */
async function openAdapter(
  factory: ClientAdapterFactory,
): Promise<{ adapter: ClientAdapter; processCell?: ClientProcessCell } | { error: string }> {
  if (isIsolated(factory)) {
    const cell = await factory.isolation.openCell(factory.name);
    if ('error' in cell) return { error: `client ${factory.name}: ${cell.error}` };
    return { adapter: cell.adapter, processCell: cell };
  }
  try {
    return { adapter: factory.create() };
  } catch (error) {
    return { error: `client ${factory.name}: create() threw: ${(error as Error).message}` };
  }
}

/** The frames of `server` up to the end of the actions: the transcript the checks judge (see `runRecordFor`). */
function judgedFrames(server: CellServer, endSeqs: Readonly<Record<string, number>>) {
  const end = endSeqs[server.id] ?? 0;
  return server.fake.transcript.frames.filter((frame) => frame.seq <= end);
}

/**
 * A change the scenario armed between two pages never happened: a pass would judge a run without
 * its premise, so it is inconclusive (a failure still stands).
 */
function withPremise(
  status: ReturnType<typeof rawStatusOf>,
  unfired: readonly CheckVerdict[],
): ReturnType<typeof rawStatusOf> {
  return status === 'pass' && unfired.length > 0 ? 'inconclusive' : status;
}

/**
 * A runner verdict (inconclusive) for every `mutateBetweenPages` step that was armed but never
 * fired: no listing reached the page after which its change was to land. Staging (the premise of
 * the scenario never happened); `withPremise` keeps a cell that would pass inconclusive.
 */
function unfiredPageMutations(servers: CellServers): CheckVerdict[] {
  // A connection made with sameServerAs shares its fake server: judge each fake once.
  const judged = new Set<unknown>();
  const distinct = servers.list.filter((server) => !judged.has(server.fake) && judged.add(server.fake));
  return distinct.flatMap((server) =>
    server.fake.pendingPageMutations().map((pending) => ({
      ...inconclusive(
        'runner.page-mutation-fired',
        `Step '${pending.stepId}' (mutateBetweenPages) on ${server.id} was armed to change the ${pending.list} list once page ${pending.afterPage} of a listing is served, but no listing got that far: the change the scenario is about never happened.`,
      ),
      checkId: 'runner.page-mutation-fired',
      serverId: server.id,
    })),
  );
}
