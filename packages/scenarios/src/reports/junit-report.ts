import { hostname as osHostname } from 'node:os';
import { describeClientStderr } from '../adapters/client-stderr.js';
import type { CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { cellDetail, resultLine } from './cell-detail.js';
import { DIGEST_PLACEHOLDER } from './report-digest.js';
import { type FileReporter, fileReporter } from './report-file.js';
import { authorityLine, levelTag } from './cited-clauses.js';

function escape(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function failureBody(result: CellResult): string {
  return result.verdicts
    .filter((verdict) => verdict.status === 'fail')
    .map((verdict) => {
      const evidence = verdict.evidence.map((ref) => `    #${ref.seq} ${ref.note}`).join('\n');
      return [
        `${verdict.checkId} (${verdict.cites ?? verdict.invariantId}): ${verdict.message}`,
        ...(authorityLine(verdict) ? [`  authority: ${authorityLine(verdict)}`] : []),
        ...(verdict.nearMiss ? [`  near miss: ${verdict.nearMiss}`] : []),
        ...(evidence ? ['  evidence:', evidence] : []),
      ].join('\n');
    })
    .join('\n');
}

function inconclusiveBody(result: CellResult): string {
  return result.verdicts
    .map((verdict) => `${verdict.checkId} (${verdict.cites ?? verdict.invariantId}): ${verdict.status}: ${verdict.message}`)
    .join('\n');
}

/** Every check of a cell with its status and message, one a line (the cell's `<system-out>`). */
function verdictLines(result: CellResult): string {
  return result.verdicts
    .map(
      (verdict) =>
        `${verdict.status.padEnd(12)} ${verdict.checkId}${verdict.serverId ? ` @${verdict.serverId}` : ''}${levelTag(verdict) ? ` [${levelTag(verdict)}]` : ''}: ${verdict.message}`,
    )
    .join('\n');
}

/** The prefix of the notes a `command:` client's stray output becomes (`client program stderr: …`). */
const CLIENT_PROGRAM = 'client program ';

/**
 * What the client program wrote besides the protocol during the cell: its stderr lines, and other
 * stray stdout lines (both recorded as notes by the command-client adapter).
 */
export function clientOutput(result: CellResult): { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  for (const observation of result.observations ?? []) {
    if (observation.kind !== 'note' || !observation.text.startsWith(CLIENT_PROGRAM)) continue;
    const text = observation.text.slice(CLIENT_PROGRAM.length);
    if (text.startsWith('stderr: ')) stderr.push(text.slice('stderr: '.length));
    else stdout.push(text);
  }
  return { stdout, stderr };
}

/** `<system-out>` and `<system-err>` of a cell: the checks of a failing cell and the client's own output, the harness error. */
function systemStreams(result: CellResult): string {
  const output = clientOutput(result);
  const own =
    result.status === 'fail'
      ? verdictLines(result)
      : result.status === 'inconclusive'
        ? inconclusiveBody(result)
        : result.status === 'known-failure'
          ? failureBody(result)
          : '';
  const out = [
    ...(own ? [own] : []),
    ...(output.stdout.length ? ['client stdout:', ...output.stdout] : []),
  ];
  // What the client's process wrote to stderr during the cell (bounded, marked when cut); reports
  // written before cells carried it have only the command client's notes.
  const stderr = result.clientStderr ? [describeClientStderr(result.clientStderr)] : output.stderr;
  const warnings = (result.harnessWarnings ?? []).map((warning) => `toolshift harness warning: ${warning}`);
  const err = [...(result.error ? [result.error] : []), ...warnings, ...stderr];
  return [
    ...(out.length ? [`      <system-out>${escape(out.join('\n'))}</system-out>`] : []),
    ...(err.length ? [`      <system-err>${escape(err.join('\n'))}</system-err>`] : []),
  ].join('\n');
}

function testcase(result: CellResult): string {
  const name = escape(`${result.scenarioId} [${result.era}, ${result.transport}]`);
  const open = `    <testcase classname="toolshift.${escape(result.client)}" name="${name}" time="${(result.durationMs / 1000).toFixed(3)}"`;
  const detail = escape(cellDetail(result));
  const streams = systemStreams(result);
  const close = (body: string) => `${body}${streams ? `\n${streams}` : ''}\n    </testcase>`;
  switch (result.status) {
    case 'pass':
      return streams ? close(`${open}>`) : `${open}/>`;
    case 'n/a':
      return close(`${open}>\n      <skipped message="not applicable: ${detail}"/>`);
    case 'inconclusive':
      return close(`${open}>\n      <skipped message="inconclusive: ${detail}"/>`);
    case 'known-failure':
      return close(`${open}>\n      <skipped message="expected failure: ${escape(result.baselineReason ?? '')}"/>`);
    case 'stale':
      return close(`${open}>\n      <failure type="stale-baseline" message="${detail}"/>`);
    case 'error':
      return close(`${open}>\n      <error type="harness-error" message="${detail}"/>`);
    case 'fail':
      return close(
        `${open}>\n      <failure type="${escape(result.firstFailure?.checkId ?? 'fail')}" message="${detail}">${escape(failureBody(result))}</failure>`,
      );
  }
}

/**
 * Renders a run as JUnit XML: one `<testsuite>` per client, one `<testcase>` per cell. An
 * unexpected failure is a `<failure>` listing every failing check with its evidence frames; a stale
 * baseline entry is a `<failure>` too; a harness error is an `<error>`; expected failures, `n/a`
 * cells and `inconclusive` cells (every check inconclusive, listed in `<system-out>`) are
 * `<skipped>` with the reason (the run's exit code, not this file, says a run of nothing but skips
 * is not a pass). Each suite carries the run's start `timestamp` and the `hostname`; a failing cell's
 * `<system-out>` lists every check with its status; `<system-err>` holds a harness error's message
 * and what the client's own process (a `--client-module` client's process, a `command:` or
 * `--command` program) wrote to stderr during the cell, its last 16 KiB with a marker line when
 * the start was cut, after the cell's harness warnings. The file names its run, start time and
 * digest in a comment after the XML declaration. An interrupted run (or one still going, see
 * `fileReporter`) gets one more suite, `toolshift run`, whose one testcase is an `<error>` saying
 * what stopped it, so the file never reads as an empty passing suite.
 */
export function renderJunit(summary: SuiteSummary, options: { hostname?: string } = {}): string {
  const host = escape(options.hostname ?? osHostname());
  // JUnit's timestamp is an ISO 8601 date-time without a zone (the run's start, UTC).
  const timestamp = summary.startedAt.replace(/(\.\d+)?Z$/, '');
  const byClient = new Map<string, CellResult[]>();
  for (const result of summary.results) byClient.set(result.client, [...(byClient.get(result.client) ?? []), result]);
  const suites = [...byClient].map(([client, results]) => {
    const count = (statuses: CellResult['status'][]) => results.filter((r) => statuses.includes(r.status)).length;
    const time = results.reduce((sum, r) => sum + r.durationMs, 0) / 1000;
    return [
      `  <testsuite name="toolshift ${escape(client)}" tests="${results.length}" failures="${count(['fail', 'stale'])}" errors="${count(['error'])}" skipped="${count(['n/a', 'known-failure', 'inconclusive'])}" time="${time.toFixed(3)}" timestamp="${timestamp}" hostname="${host}">`,
      ...results.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  // An interrupted run is never an empty green suite: one more suite, with an error saying so.
  const interrupted = summary.interrupted
    ? [
        `  <testsuite name="toolshift run" tests="1" failures="0" errors="1" skipped="0" time="${(summary.durationMs / 1000).toFixed(3)}" timestamp="${timestamp}" hostname="${host}">`,
        `    <testcase classname="toolshift" name="${summary.interruptedBy === 'unfinished' ? 'the run did not finish' : 'the run was interrupted'}" time="0.000">`,
        `      <error type="${summary.interruptedBy === 'unfinished' ? 'unfinished' : 'interrupted'}" message="${escape(resultLine(summary))}"/>`,
        '    </testcase>',
        '  </testsuite>',
      ]
    : [];
  const failures = summary.counts.fail + summary.counts.stale;
  const extra = summary.interrupted ? 1 : 0;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- toolshift report: run ${escape(summary.runId)}, started ${escape(summary.startedAt)}, digest ${DIGEST_PLACEHOLDER} -->`,
    `<testsuites name="toolshift" tests="${summary.results.length + extra}" failures="${failures}" errors="${summary.counts.error + extra}" time="${(summary.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    ...interrupted,
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the run as JUnit XML to `path` (for CI test reports; sealed with its digest, see `fileReporter`). */
export function junitReporter(path: string): FileReporter {
  return fileReporter('JUnit', path, (summary) => renderJunit(summary));
}
