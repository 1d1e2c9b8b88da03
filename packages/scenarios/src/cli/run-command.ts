import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describeTarget, type UpstreamTarget } from '@toolshift/fake-server/proxy';
import { CONFORMANCE_ALIASES, CONFORMANCE_SCENARIOS, SCENARIOS } from '../../catalog/index.js';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { createConformanceClient } from '../adapters/conformance/create-conformance-client.js';
import { setAsideForeignEntries } from '../baseline/conformance-baseline.js';
import { checkExpectedFailures, loadExpectedFailures } from '../baseline/expected-failures.js';
import { baselineReporter } from '../reports/baseline-report.js';
import { readReportViewer } from '../reports/html-report.js';
import { consoleTableReporter, FILE_REPORTERS, type FileReporter, type Reporter } from '../reports/index.js';
import { TRANSCRIPT_CHOICES, type TranscriptChoice } from '../reports/json-report.js';
import { closeIsolatedClients } from '../runner/client-process/isolated-client.js';
import { machineConcurrency } from '../runner/machine-concurrency.js';
import { parseProxyUpstream, proxyNotApplicable } from '../runner/proxy-cell.js';
import { expandCells, runSuite } from '../runner/run-suite.js';
import { parseShard } from '../runner/shard.js';
import { type CellEra, type Scenario, type ScenarioTransport, TRANSPORT_KINDS } from '../scenario.js';
import { loadScenarioFile } from '../scenario-file/load-scenario-file.js';
import { checkOutputPaths } from './check-output-paths.js';
import { EXIT } from './exit-codes.js';
import { defaultBaselinePath } from './package-root.js';
import { takeOverSignals } from './process-guard.js';
import { COMMAND_PREFIX, resolveClients } from './resolve-clients.js';
import { UsageError } from './usage-error.js';

/**
 * `--era` values and the cell eras each selects: one era; `both`, the two single-era endpoints
 * (legacy and modern, as before dual cells existed); `all` (the default), legacy, modern and dual.
 */
export const ERA_CHOICES: Readonly<Record<string, readonly CellEra[]>> = {
  legacy: ['legacy'],
  modern: ['modern'],
  dual: ['dual'],
  both: ['legacy', 'modern'],
  all: ['legacy', 'modern', 'dual'],
};

/** Parsed options of `toolshift run` (paths absolute, or relative to the process's directory). */
export interface RunCommandOptions {
  /** Client names (default: the `--client-module` clients, else `reference` and `sdk`). */
  client?: string[];
  /** ES modules exporting client adapter factories. */
  clientModule?: string[];
  /** A key of {@link ERA_CHOICES} (default `all`). */
  era?: string;
  scenario?: string[];
  scenarioFile?: string[];
  transport?: string[];
  json?: string;
  /** Which cells' transcripts the JSON report carries (default `failing`). */
  jsonTranscripts?: string;
  junit?: string;
  /** Also write the self-contained HTML report (matrix and timelines) to this file. */
  html?: string;
  /** Which cells' timelines the HTML report carries (default `failing`). */
  htmlTranscripts?: string;
  /** Write the run's failures as an expected-failures baseline to this file. */
  writeBaseline?: string;
  baseline?: string | false;
  settleTimeout?: string;
  concurrency?: string;
  seed?: string;
  /** `i/n`: run only that shard of the selected cells. */
  shard?: string;
  /** A conformance-style client program, run as `<command> <serverUrl>` per cell (client `conformance`). */
  command?: string;
  /** A real MCP server (URL or stdio command) every scenario server is proxied to. */
  proxyUpstream?: string;
  /** Every cell as a row in the console summary. */
  verbose?: boolean;
  /** Where `command:` clients run (default: the process's directory). */
  cwd?: string;
}

/** Comma- or space-separated values, each once; a `command:` value is one value, commas and all. */
function list(values: readonly string[] | undefined): string[] {
  const all = (values ?? []).flatMap((value) =>
    value.startsWith(COMMAND_PREFIX) ? [value] : value.split(','),
  );
  return [...new Set(all.map((value) => value.trim()).filter(Boolean))];
}

/**
 * `toolshift run`: runs the selected scenarios (catalog ids and/or scenario files) × eras ×
 * transports × clients, prints the table and writes the requested reports.
 * With `shard` (`i/n`) only that shard of the selected cells runs (a shard may hold no cell when
 * n exceeds the selection); its JSON report carries what `toolshift merge-reports` needs.
 * @returns the process exit code (0 = results match the baseline, 1 = they do not, 4 = nothing was
 *   judged: every cell `n/a` or `inconclusive`; a shard leaves that to the merge and exits 0;
 *   130 / 143 = stopped by SIGINT (Ctrl-C) / SIGTERM, reports hold the finished cells and say so;
 *   138 = stopped by SIGUSR1, see `process-guard.ts`).
 * @throws {UsageError} for an unknown client, scenario, era or transport, a selection of no cell,
 *   or a malformed `--shard`.
 * @throws {ScenarioError} SCENARIO_INVALID / SCENARIO_FILE_UNREADABLE for a bad scenario file.
 * @throws {ToolshiftError} BASELINE_INVALID for a baseline entry naming an unknown or reference
 *   client, an unknown scenario, or a check the scenario lacks; CLIENT_MODULE_INVALID,
 *   CLIENT_HANDSHAKE_FAILED for a client that cannot be loaded.
 */
export async function runCommand(
  options: RunCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const eraChoice = options.era ?? 'all';
  const eras = Object.hasOwn(ERA_CHOICES, eraChoice) ? ERA_CHOICES[eraChoice]! : undefined;
  if (!eras)
    throw new UsageError(`--era must be ${Object.keys(ERA_CHOICES).join(', ')} (got '${options.era}').`);
  const transports = list(options.transport);
  for (const transport of transports) {
    if (!(TRANSPORT_KINDS as readonly string[]).includes(transport))
      throw new UsageError(
        `Unknown transport '${transport}'. Known transports: ${TRANSPORT_KINDS.join(', ')}.`,
      );
  }
  const transcripts = (options.jsonTranscripts ?? 'failing') as TranscriptChoice;
  if (!TRANSCRIPT_CHOICES.includes(transcripts))
    throw new UsageError(
      `--json-transcripts must be ${TRANSCRIPT_CHOICES.join(', ')} (got '${options.jsonTranscripts}').`,
    );
  const bounds = {
    ...(options.settleTimeout
      ? { settleTimeoutMs: parseCount(options.settleTimeout, '--settle-timeout', 1) }
      : {}),
    ...(options.concurrency ? { concurrency: parseCount(options.concurrency, '--concurrency', 1) } : {}),
    ...(options.seed ? { seed: parseCount(options.seed, '--seed', 0) } : {}),
  };
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (typeof shard === 'string') throw new UsageError(shard);
  const json = options.json === undefined ? undefined : resolve(options.json);
  const junit = options.junit === undefined ? undefined : resolve(options.junit);
  const writeBaseline = options.writeBaseline === undefined ? undefined : resolve(options.writeBaseline);
  const html = options.html === undefined ? undefined : resolve(options.html);
  const htmlTranscripts = (options.htmlTranscripts ?? 'failing') as TranscriptChoice;
  if (!TRANSCRIPT_CHOICES.includes(htmlTranscripts))
    throw new UsageError(
      `--html-transcripts must be ${TRANSCRIPT_CHOICES.join(', ')} (got '${options.htmlTranscripts}').`,
    );
  await checkOutputPaths([
    ...(json ? [['--json', json] as const] : []),
    ...(html ? [['--html', html] as const] : []),
    ...(junit ? [['--junit', junit] as const] : []),
    ...(writeBaseline ? [['--write-baseline', writeBaseline] as const] : []),
  ]);
  // The page's viewer script is read now, so a missing build fails before the run, not after it.
  if (html) await readReportViewer();
  const ids = list(options.scenario);
  const scenarioFiles = list(options.scenarioFile);
  const scenarios: Scenario[] = [...new Set(ids.map(findScenario))];
  for (const file of scenarioFiles) {
    const scenario = await loadScenarioFile(file);
    const same = scenarios.find((other) => other.id === scenario.id);
    if (same && same !== scenario)
      throw new UsageError(
        `Scenario id '${scenario.id}' of ${file} is already selected (${ids.includes(scenario.id) ? 'a catalog scenario' : 'another file'}); give the file its own id.`,
      );
    scenarios.push(scenario);
  }
  if (ids.length === 0 && scenarioFiles.length === 0) scenarios.push(...SCENARIOS);
  const cwd = options.cwd ?? process.cwd();
  const command = options.command?.trim();
  if (options.command !== undefined && !command)
    throw new UsageError('--command needs the client program to run, e.g. --command "node client.mjs".');
  const conformance = command ? createConformanceClient(command, { cwd }) : undefined;
  const modules = list(options.clientModule);
  // With --command alone, only the program runs; --client names more clients to run beside it.
  const names = options.client ? list(options.client) : conformance && modules.length === 0 ? [] : undefined;
  const { cwd: _cwd, ...given } = options;
  const files: FileReporter[] = [
    ...(json
      ? [FILE_REPORTERS.json(json, { transcripts, run: { options: given, seed: bounds.seed ?? null } })]
      : []),
    ...(junit ? [FILE_REPORTERS.junit(junit)] : []),
    ...(html ? [FILE_REPORTERS.html(html, { transcripts: htmlTranscripts })] : []),
  ];
  // From here the run owns Ctrl-C and SIGTERM (held since start-up, see process-guard.ts): the reports
  // get the cells that finished, say the run was interrupted, and the exit code is 130 / 143. A
  // second signal finds no handler and ends the process at once. SIGUSR1 stops the run too (138).
  const interrupt = new AbortController();
  const releaseSignals = takeOverSignals((signal) => interrupt.abort(signal));
  const runId = randomUUID();
  const known = new Map<string, ClientAdapterFactory>();
  try {
    // Before any client code loads, each report path says the run has not finished: a client
    // module that kills toolshift while it loads leaves no older run's green report behind.
    const placeholder = { runId, startedAt: new Date().toISOString() };
    for (const file of files) await file.onRunStart?.([], placeholder);
    const resolved = await resolveClients(names, modules, cwd);
    const clients = [...resolved.selected];
    for (const [name, client] of resolved.known) known.set(name, client);
    if (conformance) {
      if (known.has(conformance.name))
        throw new UsageError(
          `--command runs a client named '${conformance.name}', which is already a client name.`,
        );
      known.set(conformance.name, conformance);
      clients.push(conformance);
    }
    const selection = {
      scenarios,
      eras,
      clients,
      ...(transports.length ? { transports: transports as ScenarioTransport[] } : {}),
    };
    if (expandCells(selection).length === 0)
      throw new UsageError(
        `The selection has no cell to run: ${scenarios
          .map((s) => `${s.id} runs in ${s.eras.join('/')} over ${s.transports.join('/')}`)
          .slice(0, 5)
          .join(
            '; ',
          )}${scenarios.length > 5 ? '; …' : ''} (asked for era ${eraChoice}${transports.length ? `, transport ${transports.join('/')}` : ''}).`,
      );
    let baseline =
      options.baseline === false
        ? undefined
        : await loadExpectedFailures(options.baseline ?? defaultBaselinePath());
    if (baseline) {
      const ids = new Set(
        [...SCENARIOS, ...CONFORMANCE_SCENARIOS, ...scenarios].map((scenario) => scenario.id),
      );
      const { baseline: kept, setAside } = setAsideForeignEntries(baseline, ids);
      if (setAside.length > 0)
        out.write(
          `Baseline ${baseline.source}: set aside ${setAside.length} conformance entr${setAside.length === 1 ? 'y' : 'ies'} for scenarios toolshift does not have: ${setAside.join(', ')}\n`,
        );
      baseline = kept;
      checkExpectedFailures(baseline, {
        clients: known,
        scenarios: new Map(
          [...SCENARIOS, ...CONFORMANCE_SCENARIOS, ...scenarios].map((scenario) => [scenario.id, scenario]),
        ),
      });
    }
    const proxyUpstream = options.proxyUpstream?.trim()
      ? parseProxyUpstream(options.proxyUpstream)
      : undefined;
    if (options.proxyUpstream !== undefined && !proxyUpstream)
      throw new UsageError('--proxy-upstream needs a URL or a command that starts the server on stdio.');
    if (proxyUpstream) writeProxySelection(out, proxyUpstream, scenarios);
    const reporters: Reporter[] = [
      consoleTableReporter(out, {
        verbose: options.verbose ?? false,
        explainCommand: explainCommandFor({
          json,
          files: scenarioFiles,
          modules,
          command,
          seed: options.seed,
          proxyUpstream: options.proxyUpstream?.trim() || undefined,
        }),
      }),
      ...files,
    ];
    const baselineWriter = writeBaseline ? baselineReporter(writeBaseline, known, out, cwd) : undefined;
    if (baselineWriter) reporters.push(baselineWriter);
    let summary: Awaited<ReturnType<typeof runSuite>>;
    try {
      summary = await runSuite({
        runId,
        ...selection,
        ...(baseline ? { baseline } : {}),
        ...(shard ? { shard } : {}),
        ...(proxyUpstream ? { proxyUpstream } : {}),
        reporters,
        ...bounds,
        // By default as many cells at once as the machine takes for these clients: more when every
        // client runs inside this process (its timing is this event loop's, whose stalls no bound counts).
        concurrency:
          bounds.concurrency ??
          machineConcurrency(
            undefined,
            clients.every((client) => client.kind !== 'external') ? 'in-process' : 'any',
          ),
        signal: interrupt.signal,
      });
    } finally {
      releaseSignals();
    }
    let moved = false;
    for (const file of files) {
      const written = file.written();
      if (written?.notWritten) {
        moved = true;
        out.write(
          `${written.format} report NOT written to ${written.notWritten.path} (${written.notWritten.reason}); written to ${written.path} instead (${written.digest})\n`,
        );
      } else if (written)
        out.write(`${written.format} report written to ${written.path} (${written.digest})\n`);
    }
    if (files.length > 0)
      out.write(
        `Run ${summary.runId}, started ${summary.startedAt}. 'toolshift verify-report FILE --digest <its sha256 above>' tells whether a report file is still what this run wrote.\n`,
      );
    // A report (or the baseline asked for) that is not where CI looks for it must not pass as a clean run.
    if (baselineWriter?.notWritten()) moved = true;
    return moved && summary.exitCode === EXIT.ok ? EXIT.mismatch : summary.exitCode;
  } finally {
    releaseSignals();
    // The client processes of --client-module clients end with the run, whatever happened.
    await closeIsolatedClients(known.values());
  }
}

/** A shell word as the user would type it: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `toolshift explain` line the console ends its failures with: from the run's JSON report when
 * it writes one (the cell as it ran), else running the cell again with the run's client modules,
 * program, scenario files and seed.
 */
function explainCommandFor(run: {
  json: string | undefined;
  files: readonly string[];
  modules: readonly string[];
  command: string | undefined;
  seed: string | undefined;
  proxyUpstream: string | undefined;
}): (cell: string) => string {
  return (cell) => {
    const words = ['toolshift', 'explain', cell];
    if (run.json) words.push('--report', run.json);
    else {
      if (run.modules.length) words.push('--client-module', ...run.modules);
      if (run.files.length) words.push('--scenario-file', ...run.files);
      if (run.command) words.push('--command', run.command);
      if (run.seed !== undefined) words.push('--seed', run.seed);
      if (run.proxyUpstream !== undefined) words.push('--proxy-upstream', run.proxyUpstream);
    }
    return words.map(shellWord).join(' ');
  };
}

/** Says which selected scenarios run against the real upstream and which are skipped, and why. */
function writeProxySelection(
  out: NodeJS.WritableStream,
  upstream: UpstreamTarget,
  scenarios: readonly Scenario[],
): void {
  const skipped = scenarios.flatMap((scenario) => {
    const reason = proxyNotApplicable(scenario);
    return reason ? [`  ${scenario.id}: ${reason}`] : [];
  });
  out.write(
    `Against ${describeTarget(upstream)} through toolshift proxy: ${scenarios.length - skipped.length} of ${scenarios.length} scenario(s) can be expressed as overlays (cells in an era the upstream does not speak, or serving a tool under a name the upstream uses, are n/a too).\n`,
  );
  if (skipped.length) out.write(`Skipped (n/a):\n${skipped.join('\n')}\n`);
}

/**
 * The scenario `id` names: a catalog scenario, or one standing for an official conformance suite
 * client scenario, by its id or the suite's name (`initialize`, `tools_call`).
 * @throws {UsageError} for an unknown id.
 */
export function findScenario(id: string): Scenario {
  const alias = CONFORMANCE_ALIASES[id] ?? id;
  const scenario = [...SCENARIOS, ...CONFORMANCE_SCENARIOS].find((candidate) => candidate.id === alias);
  if (!scenario)
    throw new UsageError(
      `Unknown scenario '${id}'. Run 'toolshift list' to see every scenario id (and the conformance suite's names toolshift accepts: ${Object.keys(CONFORMANCE_ALIASES).join(', ')}).`,
    );
  return scenario;
}

function parseCount(value: string, flag: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${flag} must be an integer ≥ ${min} (got '${value}').`);
  return n;
}

export { UsageError } from './usage-error.js';
