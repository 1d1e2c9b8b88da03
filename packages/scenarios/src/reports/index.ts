import { consoleTableReporter } from './console-table.js';
import { type HtmlReportOptions, htmlReporter } from './html-report.js';
import { type JsonReportOptions, jsonReporter } from './json-report.js';
import { junitReporter } from './junit-report.js';
import type { FileReporter } from './report-file.js';
import type { Reporter } from './reporter.js';

/** Reporters that write a file, by name (`--json FILE`, `--junit FILE`, `--html FILE`). The console table always runs. */
export const FILE_REPORTERS: Readonly<{
  json: (path: string, options?: JsonReportOptions) => FileReporter;
  junit: (path: string) => FileReporter;
  html: (path: string, options?: HtmlReportOptions) => FileReporter;
}> = {
  json: jsonReporter,
  junit: junitReporter,
  html: htmlReporter,
};

export { consoleTableReporter, htmlReporter, jsonReporter, junitReporter };
export type { FileReporter, Reporter };
