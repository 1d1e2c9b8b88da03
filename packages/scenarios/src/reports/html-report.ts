import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolshiftError } from '@toolshift/fake-server';
import { packageRoot } from '../cli/package-root.js';
import type { SuiteSummary } from '../runner/run-suite.js';
import { type HtmlReportData, toHtmlReportData } from './html-report-data.js';
import type { TranscriptChoice } from './json-report.js';
import { DIGEST_PLACEHOLDER } from './report-digest.js';
import { type FileReporter, fileReporter } from './report-file.js';

/** Where `pnpm build` writes the page's script: the viewer (Preact) bundled into one file. */
export function reportViewerPath(): string {
  return join(packageRoot(), 'dist', 'report-viewer.js');
}

/** The bundled viewer script. @throws {Error} when it was not built (run `pnpm build`). */
export async function readReportViewer(path = reportViewerPath()): Promise<string> {
  if (!existsSync(path))
    throw new ToolshiftError('REPORT_VIEWER_MISSING', `The HTML report viewer ${path} is missing; run 'pnpm build' first.`, {
      path,
    });
  return readFile(path, 'utf8');
}

/** JSON safe inside a `<script>` element: no `</script>`, `<!--` or line separators can end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { color-scheme: light; --fail: #c62828; --stale: #ad1457; --error: #6a1b9a; --known: #ef6c00; --inconclusive: #f9a825; --pass: #2e7d32; --na: #9e9e9e; font-family: system-ui, sans-serif; font-size: 14px; }
body { margin: 0; padding: 16px 20px; color: #1b1b1b; background: #fafafa; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 16px 0 8px; }
.result { font-weight: 600; } .result.bad { color: var(--fail); } .result.good { color: var(--pass); }
.filters { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; margin: 12px 0; }
.filters label { display: inline-flex; gap: 4px; align-items: center; }
table.matrix { border-collapse: collapse; background: white; }
table.matrix th, table.matrix td { border: 1px solid #ddd; padding: 2px 4px; text-align: center; }
table.matrix th.scenario, table.matrix td.scenario { text-align: left; font-family: ui-monospace, monospace; white-space: nowrap; }
table.matrix thead th { font-weight: 500; font-size: 12px; }
button.cell { width: 26px; height: 20px; border: 0; border-radius: 3px; cursor: pointer; color: white; font-weight: 700; font-size: 12px; }
button.cell.selected { outline: 3px solid #1565c0; outline-offset: 1px; }
.s-fail { background: var(--fail); } .s-stale { background: var(--stale); } .s-error { background: var(--error); }
.s-known-failure { background: var(--known); } .s-inconclusive { background: var(--inconclusive); color: #222 !important; }
.s-pass { background: var(--pass); } .s-n\\/a { background: var(--na); }
.legend span { display: inline-block; padding: 1px 6px; margin-right: 6px; border-radius: 3px; color: white; font-size: 12px; }
.detail { margin-top: 16px; background: white; border: 1px solid #ddd; border-radius: 6px; padding: 12px 16px; }
.verdict { margin: 4px 0; } .verdict .status { font-weight: 700; text-transform: uppercase; font-size: 11px; padding: 1px 5px; border-radius: 3px; color: white; }
.verdict.fail .status { background: var(--fail); } .verdict.pass .status { background: var(--pass); } .verdict.inconclusive .status { background: var(--inconclusive); color: #222; }
.near-miss { margin: 6px 0 6px 16px; padding: 6px 10px; background: #fff3e0; border-left: 4px solid var(--known); }
.timeline { margin-top: 12px; font-size: 12px; }
.lanes, .frame, .marker { display: grid; grid-template-columns: 56px var(--lanes); align-items: center; }
.lanes { position: sticky; top: 0; background: white; border-bottom: 2px solid #333; font-weight: 700; z-index: 1; }
.lanes div { text-align: center; padding: 4px; }
.frame { min-height: 22px; cursor: pointer; border-bottom: 1px solid #f0f0f0; }
.frame:hover { background: #f5f9ff; } .frame.open { background: #e3f2fd; }
.frame.evidence { background: #ffebee; box-shadow: inset 4px 0 0 var(--fail); }
.seq { color: #666; font-family: ui-monospace, monospace; padding-left: 4px; }
.arrow { position: relative; height: 18px; margin: 2px 0; border-bottom: 2px solid #455a64; display: flex; align-items: flex-end; justify-content: center; }
.arrow span { background: inherit; padding: 0 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; font-family: ui-monospace, monospace; }
.arrow.in::after, .arrow.out::before { content: ''; position: absolute; bottom: -6px; border: 5px solid transparent; }
.arrow.in::after { right: -2px; border-left: 8px solid #455a64; } .arrow.out::before { left: -2px; border-right: 8px solid #455a64; }
.evidence .arrow { border-bottom-color: var(--fail); } .evidence .arrow.in::after { border-left-color: var(--fail); } .evidence .arrow.out::before { border-right-color: var(--fail); }
.point { justify-self: center; font-family: ui-monospace, monospace; padding: 1px 6px; border-radius: 10px; background: #eceff1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; }
.point.step { background: #e8eaf6; border: 1px solid #3949ab; }
.marker { color: #5d4037; font-style: italic; } .marker div.line { grid-column: 2 / -1; border-top: 1px dashed #8d6e63; text-align: center; }
.evidence-note { grid-column: 2 / -1; color: var(--fail); font-weight: 600; padding: 0 0 4px 8px; }
pre.raw { grid-column: 1 / -1; margin: 4px 0 8px 56px; background: #263238; color: #eceff1; padding: 8px; border-radius: 4px; overflow: auto; max-height: 320px; }
.none { color: #666; font-style: italic; }
.needs-a-look { margin: 12px 0 20px; }
.failure { background: white; border: 1px solid #ddd; border-left: 6px solid var(--fail); border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.failure.s-border-stale { border-left-color: var(--stale); } .failure.s-border-error { border-left-color: var(--error); }
.failure h3 { font-size: 14px; margin: 2px 0 6px; font-weight: 600; font-family: ui-monospace, monospace; }
.failure .badge { font-family: system-ui, sans-serif; font-size: 11px; padding: 1px 6px; border-radius: 3px; color: white; margin-right: 6px; text-transform: uppercase; }
.failure .check { margin: 4px 0; font-size: 15px; } .failure .check strong { font-family: ui-monospace, monospace; }
.level { font-size: 11px; font-weight: 700; padding: 1px 5px; border-radius: 3px; margin-right: 6px; color: white; background: #37474f; }
.level.must { background: var(--fail); } .level.should { background: var(--known); }
.evidence-frames { margin: 6px 0; padding-left: 20px; font-size: 13px; }
.evidence-frame { margin: 3px 0; } .evidence-frame .seq { font-weight: 700; color: var(--fail); } .evidence-frame .note { color: #5d4037; }
pre.snippet { margin: 2px 0 6px; padding: 4px 8px; background: #263238; color: #eceff1; border-radius: 4px; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
button.open { margin: 4px 0; padding: 3px 10px; border: 1px solid #1565c0; background: white; color: #1565c0; border-radius: 4px; cursor: pointer; }
`;

/**
 * The HTML report as one self-contained page: the viewer script (bundled at build time, no CDN or
 * network) and the run's data embedded as JSON. The page opens on what needs a look: each
 * unexpected failure, stale entry and harness error (cells failing alike in one card) with its
 * first failing check, one-line reason and cited frames; then the summary matrix (every cell when
 * nothing needs a look) and, for the cell clicked, its checks and its timeline (rendered only then).
 */
export function renderHtmlReport(data: HtmlReportData, viewerScript: string, runId = ''): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Before anything the run wrote: the first `sha256:` of the file is its digest.
    `<meta name="toolshift-report" content="digest ${DIGEST_PLACEHOLDER}; run ${runId.replace(/[^0-9a-f-]/gi, '')}; started ${data.startedAt.replace(/[^0-9TZ:.-]/g, '')}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>toolshift run ${data.startedAt}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<div id="app"><p>Loading the toolshift report…</p></div>',
    `<script type="application/json" id="toolshift-report">${scriptSafeJson(data)}</script>`,
    `<script>${viewerScript.replace(/<\/script/gi, '<\\/script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Options of {@link htmlReporter}. */
export interface HtmlReportOptions {
  /** Cells whose timelines the page carries (default `failing`: failing cells and harness errors). */
  transcripts?: TranscriptChoice;
  /** The viewer script's path (default {@link reportViewerPath}). */
  viewerPath?: string;
}

/**
 * `--html FILE`: writes the run as one self-contained HTML page (see {@link renderHtmlReport}),
 * sealed with its digest (see `fileReporter`).
 */
export function htmlReporter(path: string, options: HtmlReportOptions = {}): FileReporter {
  return fileReporter('HTML', path, async (summary: SuiteSummary) =>
    renderHtmlReport(
      toHtmlReportData(summary, options.transcripts ?? 'failing'),
      await readReportViewer(options.viewerPath),
      summary.runId,
    ),
  );
}
