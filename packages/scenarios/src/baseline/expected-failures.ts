import { readFile } from 'node:fs/promises';
import { ToolshiftError } from '@toolshift/fake-server';
import { parse as parseYaml } from 'yaml';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import type { Cell, CheckVerdict } from '../runner/cell.js';
import { CELL_ERAS, type CellEra, checkId, type Scenario, TRANSPORT_KINDS } from '../scenario.js';
import { isConformanceBaseline, parseConformanceBaseline } from './conformance-baseline.js';
import { parseRootCauses, type RootCause } from './root-cause.js';

/**
 * One known failure of a client toolshift does not own: the cells of `client` × `scenario`
 * (one era and transport, or all) fail, for `reason`. With `check`, the failure must include that
 * failing check; a cell that fails only other checks is an unexpected failure.
 */
export interface ExpectedFailure {
  client: string;
  scenario: string;
  /** Omitted: every era (legacy, modern and dual cells). */
  era?: CellEra;
  /** Omitted: every transport. */
  transport?: (typeof TRANSPORT_KINDS)[number];
  /** The check id expected to fail. */
  check?: string;
  /**
   * The only checks that may fail (the official conformance format's `<scenario>:<check-id>`
   * entries): a failing check not listed is an unexpected failure.
   */
  checks?: string[];
  /** Why it fails, in one or two sentences (shown in reports). */
  reason: string;
  /**
   * Where the bug is shown: an issue of the library's tracker, a source file and line of the
   * library, a transcript frame (`#seq`). A driver's baseline names at least one per entry.
   */
  evidence?: string[];
  /** For an entry read from the official conformance format: the `client:` items it came from. */
  conformance?: string[];
  /** The id of the baseline's root cause that explains it (see {@link RootCause}); a library baseline names one for every entry. */
  rootCause?: string;
}

/**
 * A baseline file: `expectedFailures: [...]`, in spirit like the official conformance suite's
 * baseline, or that suite's own format (`client:` / `server:` lists; see `conformance-baseline.ts`).
 */
export interface ExpectedFailures {
  entries: ExpectedFailure[];
  /** The causes the entries point at (`rootCause`), each with the authority its claim rests on. */
  rootCauses?: RootCause[];
  source: string;
}

function invalid(source: string, pointer: string, message: string): ToolshiftError<'BASELINE_INVALID'> {
  return new ToolshiftError('BASELINE_INVALID', `Baseline ${source}: ${pointer} ${message}`, {
    source,
    pointer,
  });
}

/**
 * Loads an expected-failures baseline (YAML or JSON).
 * @throws {ToolshiftError} BASELINE_INVALID naming the file and the entry when the file is unreadable or an entry is malformed.
 */
export async function loadExpectedFailures(path: string): Promise<ExpectedFailures> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new ToolshiftError(
      'BASELINE_INVALID',
      `Cannot read baseline ${path}: ${error.code ?? error.message}. Pass --baseline FILE or --no-baseline.`,
      { source: path, pointer: '' },
    );
  });
  let doc: { expectedFailures?: unknown } | null;
  try {
    doc = parseYaml(text) as { expectedFailures?: unknown } | null;
  } catch (error) {
    throw invalid(path, '/', `is not valid YAML: ${(error as Error).message}`);
  }
  if (isConformanceBaseline(doc)) return parseConformanceBaseline(doc as { client?: unknown }, path);
  return parseExpectedFailures(doc, path);
}

/**
 * Validates a parsed baseline document.
 * @throws {ToolshiftError} BASELINE_INVALID
 */
export function parseExpectedFailures(doc: unknown, source: string): ExpectedFailures {
  const list = (doc as { expectedFailures?: unknown } | null)?.expectedFailures ?? [];
  if (!Array.isArray(list)) throw invalid(source, '/expectedFailures', 'must be a list.');
  const entries = list.map((entry, index): ExpectedFailure => {
    const at = `/expectedFailures/${index}`;
    if (typeof entry !== 'object' || entry === null) throw invalid(source, at, 'must be a mapping.');
    const e = entry as Record<string, unknown>;
    for (const key of ['client', 'scenario', 'reason'] as const) {
      if (typeof e[key] !== 'string' || (e[key] as string).length === 0)
        throw invalid(source, `${at}/${key}`, 'must be a non-empty string.');
    }
    if (e.era !== undefined && !(CELL_ERAS as readonly unknown[]).includes(e.era))
      throw invalid(source, `${at}/era`, `must be one of ${CELL_ERAS.join(', ')}.`);
    if (e.transport !== undefined && !(TRANSPORT_KINDS as readonly unknown[]).includes(e.transport))
      throw invalid(source, `${at}/transport`, `must be one of ${TRANSPORT_KINDS.join(', ')}.`);
    if (e.check !== undefined && (typeof e.check !== 'string' || e.check === ''))
      throw invalid(source, `${at}/check`, 'must be a non-empty string.');
    if (
      e.evidence !== undefined &&
      typeof e.evidence !== 'string' &&
      !(
        Array.isArray(e.evidence) &&
        e.evidence.length > 0 &&
        e.evidence.every((x) => typeof x === 'string' && x !== '')
      )
    )
      throw invalid(source, `${at}/evidence`, 'must be a non-empty string or a non-empty list of them.');
    if (e.rootCause !== undefined && (typeof e.rootCause !== 'string' || e.rootCause === ''))
      throw invalid(source, `${at}/rootCause`, "must be the id of one of the baseline's rootCauses.");
    const known = new Set([
      'client',
      'scenario',
      'reason',
      'era',
      'transport',
      'check',
      'evidence',
      'rootCause',
    ]);
    const extra = Object.keys(e).find((key) => !known.has(key));
    if (extra)
      throw invalid(source, `${at}/${extra}`, `is not a baseline field (use ${[...known].join(', ')}).`);
    return {
      client: e.client as string,
      scenario: e.scenario as string,
      reason: e.reason as string,
      ...(e.era ? { era: e.era as CellEra } : {}),
      ...(e.transport ? { transport: e.transport as ExpectedFailure['transport'] } : {}),
      ...(e.check ? { check: e.check as string } : {}),
      ...(e.evidence !== undefined
        ? { evidence: typeof e.evidence === 'string' ? [e.evidence] : (e.evidence as string[]) }
        : {}),
      ...(e.rootCause !== undefined ? { rootCause: e.rootCause as string } : {}),
    };
  });
  const rootCauses = parseRootCauses((doc as { rootCauses?: unknown } | null)?.rootCauses, source);
  const declared = new Set(rootCauses.map((cause) => cause.id));
  const dangling = entries.findIndex(
    (entry) => entry.rootCause !== undefined && !declared.has(entry.rootCause),
  );
  if (dangling >= 0)
    throw invalid(
      source,
      `/expectedFailures/${dangling}/rootCause`,
      `names '${entries[dangling]!.rootCause}', which is not one of the baseline's rootCauses (${[...declared].join(', ') || 'none'}).`,
    );
  return { entries, ...(rootCauses.length ? { rootCauses } : {}), source };
}

/** What a baseline's entries may name: the clients and scenarios known to this run. */
export interface BaselineContext {
  clients: ReadonlyMap<string, Pick<ClientAdapterFactory, 'name' | 'kind'>>;
  scenarios: ReadonlyMap<string, Scenario>;
}

/**
 * Checks that every entry names a known client that may have expected failures (never a
 * `reference` client: its bugs show as failures), a known scenario, an era and transport that
 * scenario runs in, and a check it has (or a `runner.*` check). An entry that could never match
 * would otherwise be ignored in silence.
 * @throws {ToolshiftError} BASELINE_INVALID naming the entry, the field and what is known.
 */
export function checkExpectedFailures(baseline: ExpectedFailures, context: BaselineContext): void {
  const { source } = baseline;
  baseline.entries.forEach((entry, index) => {
    const at = entry.conformance ? `/client (${entry.conformance.join(', ')})` : `/expectedFailures/${index}`;
    const client = context.clients.get(entry.client);
    if (!client && entry.conformance)
      throw invalid(
        source,
        at,
        `is an entry of the official conformance format, which applies to the conformance-style program of --command; this run has none.`,
      );
    if (!client)
      throw invalid(
        source,
        `${at}/client`,
        `names unknown client '${entry.client}' (known: ${[...context.clients.keys()].join(', ')}).`,
      );
    if (client.kind === 'reference' || client.kind === 'unusual')
      throw invalid(
        source,
        `${at}/client`,
        `names '${entry.client}', a ${client.kind === 'reference' ? 'reference' : 'false-positive corpus'} client: it is never excused by a baseline, so its failures always show. Remove the entry.`,
      );
    const scenario = context.scenarios.get(entry.scenario);
    if (!scenario)
      throw invalid(
        source,
        `${at}/scenario`,
        `names unknown scenario '${entry.scenario}'. Run 'toolshift list' to see every scenario id.`,
      );
    if (entry.era && !scenario.eras.includes(entry.era))
      throw invalid(
        source,
        `${at}/era`,
        `is ${entry.era}, but ${scenario.id} runs only in ${scenario.eras.join(', ')}.`,
      );
    if (entry.transport && !scenario.transports.includes(entry.transport))
      throw invalid(
        source,
        `${at}/transport`,
        `is ${entry.transport}, but ${scenario.id} runs only over ${scenario.transports.join(', ')}.`,
      );
    const checks = scenario.checks.map(checkId);
    for (const check of [...(entry.check ? [entry.check] : []), ...(entry.checks ?? [])])
      if (!check.startsWith('runner.') && !checks.includes(check))
        throw invalid(
          source,
          entry.conformance ? at : `${at}/check`,
          `names '${check}', which is not a check of ${scenario.id} (its checks: ${checks.join(', ')}).`,
        );
  });
}

/**
 * The baseline entry covering `cell`, if any. With the cell's `verdicts`, an entry whose check is
 * among the failing ones comes first (a cell failing two checks may have an entry for each).
 */
export function findExpectedFailure(
  baseline: ExpectedFailures | undefined,
  cell: Cell,
  verdicts?: readonly CheckVerdict[],
): ExpectedFailure | undefined {
  const covering = (baseline?.entries ?? []).filter(
    (entry) =>
      entry.client === cell.client &&
      entry.scenario === cell.scenarioId &&
      (entry.era === undefined || entry.era === cell.era) &&
      (entry.transport === undefined || entry.transport === cell.transport),
  );
  return (verdicts && covering.find((entry) => failsAsExpected(entry, verdicts))) ?? covering[0];
}

/** True when the verdicts fail the way `entry` expects (any failure, its `check` among them, or only its `checks`). */
export function failsAsExpected(entry: ExpectedFailure, verdicts: readonly CheckVerdict[]): boolean {
  const failed = verdicts.filter((verdict) => verdict.status === 'fail');
  if (failed.length === 0) return false;
  if (entry.checks) return failed.every((verdict) => entry.checks!.includes(verdict.checkId));
  return entry.check === undefined || failed.some((verdict) => verdict.checkId === entry.check);
}
