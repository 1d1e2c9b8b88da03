import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CellResult } from '../runner/cell.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { cellDetail } from './console-table.js';
import type { Reporter } from './reporter.js';

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

function testcase(result: CellResult): string {
  const name = escape(`${result.scenarioId} [${result.era}, ${result.transport}]`);
  const open = `    <testcase classname="toolshift.${escape(result.client)}" name="${name}" time="${(result.durationMs / 1000).toFixed(3)}"`;
  const detail = escape(cellDetail(result));
  switch (result.status) {
    case 'pass':
      return `${open}/>`;
    case 'n/a':
      return `${open}>\n      <skipped message="not applicable: ${detail}"/>\n    </testcase>`;
    case 'inconclusive':
      return `${open}>\n      <skipped message="inconclusive: ${detail}"/>\n      <system-out>${escape(inconclusiveBody(result))}</system-out>\n    </testcase>`;
    case 'known-failure':
      return `${open}>\n      <skipped message="expected failure: ${escape(result.baselineReason ?? '')}"/>\n      <system-out>${escape(failureBody(result))}</system-out>\n    </testcase>`;
    case 'stale':
      return `${open}>\n      <failure type="stale-baseline" message="${detail}"/>\n    </testcase>`;
    case 'error':
      return `${open}>\n      <error type="harness-error" message="${detail}"/>\n    </testcase>`;
    case 'fail':
      return `${open}>\n      <failure type="${escape(result.firstFailure?.checkId ?? 'fail')}" message="${detail}">${escape(failureBody(result))}</failure>\n    </testcase>`;
  }
}

/**
 * Renders a run as JUnit XML: one `<testsuite>` per client, one `<testcase>` per cell. An
 * unexpected failure is a `<failure>` listing every failing check with its evidence frames; a stale
 * baseline entry is a `<failure>` too; a harness error is an `<error>`; expected failures, `n/a`
 * cells and `inconclusive` cells (every check inconclusive, listed in `<system-out>`) are
 * `<skipped>` with the reason (the run's exit code, not this file, says a run of nothing but skips
 * is not a pass).
 */
export function renderJunit(summary: SuiteSummary): string {
  const byClient = new Map<string, CellResult[]>();
  for (const result of summary.results) byClient.set(result.client, [...(byClient.get(result.client) ?? []), result]);
  const suites = [...byClient].map(([client, results]) => {
    const count = (statuses: CellResult['status'][]) => results.filter((r) => statuses.includes(r.status)).length;
    const time = results.reduce((sum, r) => sum + r.durationMs, 0) / 1000;
    return [
      `  <testsuite name="toolshift ${escape(client)}" tests="${results.length}" failures="${count(['fail', 'stale'])}" errors="${count(['error'])}" skipped="${count(['n/a', 'known-failure', 'inconclusive'])}" time="${time.toFixed(3)}">`,
      ...results.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  const failures = summary.counts.fail + summary.counts.stale;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolshift" tests="${summary.results.length}" failures="${failures}" errors="${summary.counts.error}" time="${(summary.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the run as JUnit XML to `path` (for CI test reports). */
export function junitReporter(path: string): Reporter {
  return {
    async onRunEnd(summary) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, renderJunit(summary));
    },
  };
}
