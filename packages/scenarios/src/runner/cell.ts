import type { NegotiatedEra, NormativeLevel, Observation, Verdict } from '@toolshift/assertions';
import type { Era, TranscriptFrame } from '@toolshift/fake-server';
import type { ClientStderr } from '../adapters/client-stderr.js';
import type { CellEra, ScenarioTransport } from '../scenario.js';

/** One cell of a run: a scenario in one era (`legacy`, `modern` or `dual`), over one transport, against one client. */
export interface Cell {
  scenarioId: string;
  era: CellEra;
  transport: ScenarioTransport;
  client: string;
}

/**
 * How a cell ended, after comparing with the expected-failures baseline:
 * `pass` (every essential check passed and none failed); `fail` (unexpected); `known-failure` (failed as
 * the baseline expects); `stale` (the baseline expects a failure but the cell passed);
 * `inconclusive` (the cell ran, but an essential check was inconclusive, or no check passed: the
 * run never reached what the scenario is about, so it says nothing either way; a baseline entry
 * for it stays, neither met nor stale); `error` (the harness itself failed); `n/a` (the client lacks a transport or feature the
 * scenario needs; never counted as a pass).
 */
export type CellStatus = 'pass' | 'fail' | 'known-failure' | 'stale' | 'inconclusive' | 'error' | 'n/a';

/** Every {@link CellStatus}, in the order reports list them. */
export const CELL_STATUSES: readonly CellStatus[] = [
  'pass',
  'fail',
  'known-failure',
  'stale',
  'inconclusive',
  'error',
  'n/a',
];

/**
 * A verdict of one scenario check: the invariant's verdict plus the check's id, server and citation.
 * `n/a`: the check was not judged because the client cannot show what it needs (a conformance-style
 * program reports nothing but its traffic; `message` says what was missing).
 */
export interface CheckVerdict extends Omit<Verdict, 'status'> {
  status: Verdict['status'] | 'n/a';
  /** The check id (the invariant id unless the scenario names the check), or `runner.*` for the runner's own checks. */
  checkId: string;
  /** The server connection the check looked at. */
  serverId?: string;
  /** Where the check comes from (`case LC-01 E1`, `spec …`, `seed …`). */
  cites?: string;
  /**
   * How binding the check is in the era the client spoke (`must`/`should`: it rests on spec
   * clauses; `advice`: host guidance, robustness, a provider's rule). Set on every verdict of a
   * finished cell (`stampAuthority`).
   */
  level?: NormativeLevel;
  /** For `must`/`should`: the ids of the clauses it rests on (`SPEC_CLAUSES` of `@toolshift/assertions`). */
  clauses?: string[];
  /** For `advice`: its basis. */
  basis?: string;
  /**
   * `true` for a check the scenario names essential (every scenario check, unless its `essential`
   * list names fewer); `false` for one it does not. Absent on runner checks. A cell passes only
   * when each essential check passed (see `rawStatusOf`).
   */
  essential?: boolean;
}

/** What one server connection of a cell spoke: the endpoint's eras, and the era the client negotiated on the wire. */
export interface ConnectionEra extends NegotiatedEra {
  serverId: string;
  /** The eras the endpoint served (the cell's, or those its script pins). */
  endpointEras: readonly Era[];
}

/** Everything a cell produced: verdicts with evidence, transcripts and the client's observations. */
export interface CellResult extends Cell {
  status: CellStatus;
  /** The status before the baseline was applied. */
  rawStatus: 'pass' | 'fail' | 'inconclusive' | 'error' | 'n/a';
  /** Why the cell is `n/a`. */
  notApplicable?: string;
  /** Why the harness failed (`error`). */
  error?: string;
  verdicts: CheckVerdict[];
  /** The first failing verdict (what the table shows). */
  firstFailure?: CheckVerdict;
  /** The baseline entry's reason for a known failure, a stale entry, or an inconclusive cell it covers. */
  baselineReason?: string;
  /** The first server's transcript, as judged (see `servers`). */
  transcript: readonly TranscriptFrame[];
  /**
   * Per server connection: the eras its endpoint served and the era the client negotiated on the
   * wire (absent for cells that did not run).
   */
  negotiated?: ReadonlyArray<ConnectionEra>;
  /**
   * Every server's transcript (servers sharing one fake server share it), split where the
   * scenario's actions ended: `transcript` is exactly what the checks judged, so every evidence
   * `seq` is in it and nothing in it went unjudged; `teardown` holds the frames recorded afterwards
   * (the client's late frames, then the harness closing the client and the server), never judged.
   */
  servers: ReadonlyArray<{
    serverId: string;
    transcript: readonly TranscriptFrame[];
    teardown?: readonly TranscriptFrame[];
  }>;
  /** The client's observations up to the end of the actions (what the checks judged), stamped against the first server's transcript. */
  observations: readonly Observation[];
  /** What the client reported after the actions ended (during teardown), never judged. */
  teardownObservations?: readonly Observation[];
  /**
   * What the client's own process wrote to stderr during the cell (`--client-module` clients'
   * processes, `command:` and `--command` programs), or for an in-process client (the SDK client,
   * the reference client) what it printed through `console.*` during the cell; absent when it wrote
   * nothing. Bounded: the last characters, with the count of those cut.
   */
  clientStderr?: ClientStderr;
  /**
   * What the harness noticed about the client's process during the cell, not a verdict on the
   * client: a message from a client process toolshift refused (not plain data of an expected
   * shape), processes the client left running after its cell (killed). The console prints them.
   */
  harnessWarnings?: readonly string[];
  /** Wall time the cell took, ms (for the report; never asserted). */
  durationMs: number;
}

/** `scenario/era/transport/client` — the cell's display key. */
export function cellKey(cell: Cell): string {
  return `${cell.scenarioId}/${cell.era}/${cell.transport}/${cell.client}`;
}

/**
 * A finished cell's status before the baseline, from its verdicts (after `markEssential`, which
 * marks the scenario's essential checks and turns an essential check the client left unjudged into
 * a failure):
 * - `error` when the harness failed;
 * - `fail` when any check failed, essential or not;
 * - `inconclusive` when an essential check was inconclusive (the run never reached what it judges:
 *   a pass would claim what was not judged), or when no check passed (every check inconclusive or
 *   `n/a`, or none at all);
 * - `pass` otherwise: every essential check passed, or is `n/a` (a client judged on the wire only)
 *   or does not apply (`cause: 'not-applicable'`: another era's check), and at least one check passed.
 * Verdicts carrying no `essential` mark at all (a caller that did not mark them) count as essential
 * when they are scenario checks, so the rule never loosens by omission; runner checks (`runner.*`)
 * are never essential: they decide a cell by failing. This is the one place a cell's status is
 * decided (the client-process runner calls it too).
 */
export function rawStatusOf(
  verdicts: readonly CheckVerdict[],
  harnessError: boolean,
): Exclude<CellResult['rawStatus'], 'n/a'> {
  if (harnessError) return 'error';
  if (verdicts.some((verdict) => verdict.status === 'fail')) return 'fail';
  const marked = verdicts.some((verdict) => verdict.essential !== undefined);
  const essential = verdicts.filter((verdict) =>
    marked ? verdict.essential === true : !verdict.checkId.startsWith('runner.'),
  );
  // An essential check that does not apply to this run (another era's check) blocks nothing, like n/a.
  if (essential.some((verdict) => verdict.status === 'inconclusive' && verdict.cause !== 'not-applicable'))
    return 'inconclusive';
  return verdicts.some((verdict) => verdict.status === 'pass') ? 'pass' : 'inconclusive';
}
