import { readFile } from 'node:fs/promises';
import { CONFORMANCE_SCENARIOS, SCENARIOS } from '../../catalog/index.js';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { createConformanceClient } from '../adapters/conformance/create-conformance-client.js';
import { renderCellEvidence } from '../reports/cell-evidence.js';
import { checkReportDigest } from '../reports/report-digest.js';
import { type CellResult, cellKey } from '../runner/cell.js';
import { closeIsolatedClients } from '../runner/client-process/isolated-client.js';
import { parseProxyUpstream } from '../runner/proxy-cell.js';
import { runSuite } from '../runner/run-suite.js';
import {
  CELL_ERAS,
  type CellEra,
  type Scenario,
  type ScenarioTransport,
  TRANSPORT_KINDS,
} from '../scenario.js';
import { loadScenarioFile } from '../scenario-file/load-scenario-file.js';
import { EXIT } from './exit-codes.js';
import { resolveClients } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/** Parsed options of `toolshift explain` (paths absolute). */
export interface ExplainCommandOptions {
  /** A JSON report (`toolshift run --json FILE`) to read the cell from instead of running it again. */
  report?: string;
  /** Modules defining the cell's client, as the run had them. */
  clientModule?: string[];
  /** Scenario files defining the cell's scenario, as the run had them. */
  scenarioFile?: string[];
  /** The conformance-style program of a `conformance` cell (`run --command`). */
  command?: string;
  /** Also list every frame of the cell. */
  allFrames?: boolean;
  /** `--seed` of the run, when it had one. */
  seed?: string;
  /** `--proxy-upstream` of the run (the real server the cell's proxy stood in front of), when it had one. */
  proxyUpstream?: string;
  /** Where client programs run (default: the process's directory). */
  cwd?: string;
}

/** `scenario/era/transport/client` split into its parts (a client name may hold `/`). */
export function parseCellKey(key: string): {
  scenarioId: string;
  era: CellEra;
  transport: ScenarioTransport;
  client: string;
} {
  const [scenarioId, era, transport, ...client] = key.split('/');
  if (!scenarioId || !era || !transport || client.length === 0 || !client.join('/'))
    throw new UsageError(
      `'${key}' is not a cell: write scenario/era/transport/client, e.g. invalid-schema/legacy/http/sdk (as the table's rows and the reports name cells).`,
    );
  if (!(CELL_ERAS as readonly string[]).includes(era))
    throw new UsageError(`Cell ${key}: '${era}' is not a cell era (${CELL_ERAS.join(', ')}).`);
  if (!(TRANSPORT_KINDS as readonly string[]).includes(transport))
    throw new UsageError(`Cell ${key}: '${transport}' is not a transport (${TRANSPORT_KINDS.join(', ')}).`);
  return {
    scenarioId,
    era: era as CellEra,
    transport: transport as ScenarioTransport,
    client: client.join('/'),
  };
}

/** The cell `key` as the JSON report `path` holds it (its transcripts as that report carries them). */
async function cellFromReport(path: string, key: string, out: NodeJS.WritableStream): Promise<CellResult> {
  let bytes: Buffer;
  let doc: { toolshiftReport?: unknown; results?: CellResult[] };
  try {
    bytes = await readFile(path);
    doc = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new UsageError(`--report ${path}: cannot read it as JSON (${(error as Error).message}).`);
  }
  if (doc?.toolshiftReport !== 1 || !Array.isArray(doc.results))
    throw new UsageError(
      `--report ${path}: not a toolshift JSON report (toolshift run --json FILE writes one).`,
    );
  const digest = checkReportDigest(bytes);
  if (digest && digest.stated !== digest.actual)
    out.write(`Note: ${path} changed after its run wrote it (its digest does not match its content).\n`);
  const found = doc.results.find((result) => cellKey(result) === key);
  if (!found) {
    const failing = doc.results.filter((result) => result.status === 'fail' || result.status === 'error');
    throw new UsageError(
      `--report ${path} has no cell ${key}${failing.length ? `; its failing cells include ${failing.slice(0, 3).map(cellKey).join(', ')}` : ''}.`,
    );
  }
  return { ...found, servers: found.servers ?? [], verdicts: found.verdicts ?? [] };
}

/** Runs the one cell `key` names again (a script and seed give the same server side) and returns it. */
async function cellFromRun(
  key: string,
  options: ExplainCommandOptions,
  out: NodeJS.WritableStream,
): Promise<CellResult> {
  const cell = parseCellKey(key);
  const files = await Promise.all((options.scenarioFile ?? []).map((file) => loadScenarioFile(file)));
  const scenario: Scenario | undefined = [...files, ...SCENARIOS, ...CONFORMANCE_SCENARIOS].find(
    (candidate) => candidate.id === cell.scenarioId,
  );
  if (!scenario)
    throw new UsageError(
      `Cell ${key}: unknown scenario '${cell.scenarioId}'${files.length ? '' : ' (a scenario of your own needs its --scenario-file)'}; 'toolshift list' lists the catalog.`,
    );
  const cwd = options.cwd ?? process.cwd();
  const proxyUpstream = options.proxyUpstream?.trim() ? parseProxyUpstream(options.proxyUpstream) : undefined;
  if (options.proxyUpstream !== undefined && !proxyUpstream)
    throw new UsageError('--proxy-upstream needs a URL or a command that starts the server on stdio.');
  const command = options.command?.trim();
  const conformance = command ? createConformanceClient(command, { cwd }) : undefined;
  const isConformance = conformance?.name === cell.client;
  const resolved = isConformance
    ? { selected: [conformance!], known: new Map<string, ClientAdapterFactory>() }
    : await resolveClients([cell.client], options.clientModule ?? [], cwd);
  try {
    out.write(`Running ${key} again (a JSON report of the run holds the cell as it ran: --report FILE)…\n`);
    const summary = await runSuite({
      scenarios: [scenario],
      eras: [cell.era],
      transports: [cell.transport],
      clients: resolved.selected,
      concurrency: 1,
      ...(options.seed !== undefined ? { seed: Number(options.seed) } : {}),
      ...(proxyUpstream ? { proxyUpstream } : {}),
    });
    const result = summary.results[0];
    if (!result)
      throw new UsageError(`Cell ${key}: ${scenario.id} does not run in ${cell.era} over ${cell.transport}.`);
    return result;
  } finally {
    await closeIsolatedClients(resolved.known.values());
  }
}

/**
 * `toolshift explain CELL`: prints a cell's failing checks with their evidence frames in the
 * terminal: each frame the check cites, what it proves, and its message as JSON (`--all-frames`:
 * every frame too). From `--report FILE` (a JSON report: the cell exactly as that run ran it), or
 * else by running the cell again with the same client (`--client-module`, `--command`) and scenario
 * files the run had; a race may go the other way on a second run, which the output then shows.
 * @returns 0 once the cell was shown (its status is in the output).
 * @throws {UsageError} for a malformed cell key, an unknown scenario or client, or a report that is
 *   unreadable or lacks the cell.
 */
export async function explainCommand(
  key: string,
  options: ExplainCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  if (options.seed !== undefined && !/^\d+$/.test(options.seed))
    throw new UsageError(`--seed must be an integer ≥ 0 (got '${options.seed}').`);
  const result = options.report
    ? await cellFromReport(options.report, key, out)
    : await cellFromRun(key, options, out);
  out.write(`${renderCellEvidence(result, { allFrames: options.allFrames === true }).join('\n')}\n`);
  if (!options.report && result.rawStatus === 'pass')
    out.write('This run of the cell passed: the failure did not happen again (a race can go either way).\n');
  return EXIT.ok;
}
