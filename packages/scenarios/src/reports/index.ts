import { consoleTableReporter } from './console-table.js';
import { type JsonReportOptions, jsonReporter } from './json-report.js';
import { junitReporter } from './junit-report.js';
import type { Reporter } from './reporter.js';

/** Reporters that write a file, by name (`--json FILE`, `--junit FILE`). The console table always runs. */
export const FILE_REPORTERS: Readonly<{
  json: (path: string, options?: JsonReportOptions) => Reporter;
  junit: (path: string) => Reporter;
}> = {
  json: jsonReporter,
  junit: junitReporter,
};

export { consoleTableReporter, jsonReporter, junitReporter };
export type { Reporter };
