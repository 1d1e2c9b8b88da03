import { consoleTableReporter } from './console-table.js';
import { jsonReporter } from './json-report.js';
import { junitReporter } from './junit-report.js';
import type { Reporter } from './reporter.js';

/** Reporters that write a file, by name (`--json FILE`, `--junit FILE`). The console table always runs. */
export const FILE_REPORTERS: Readonly<Record<'json' | 'junit', (path: string) => Reporter>> = {
  json: (path) => jsonReporter(path),
  junit: junitReporter,
};

export { consoleTableReporter, jsonReporter, junitReporter };
export type { Reporter };
