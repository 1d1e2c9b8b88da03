/**
 * Stable codes of the local errors `@toolshift/scenarios` throws. Codes are never renamed or
 * reused; `codes.test.ts` pins the list.
 */
export const SCENARIOS_ERROR_CODES = [
  /** A scenario (a file, or catalog data) breaks the scenario schema or a semantic rule. `data`: `{ source, pointer, rule, problems }` (`problems`: every `{ pointer, rule, message }` found; `pointer`/`rule` are the first). Fix the scenario at each pointer. */
  'SCENARIO_INVALID',
  /** A scenario file could not be read or parsed. `data`: `{ source, reason }`. Check the path and the JSON/YAML syntax. */
  'SCENARIO_FILE_UNREADABLE',
  /** An expected-failures baseline is unreadable or malformed. `data`: `{ source, pointer }`. Fix the entry at `pointer`. */
  'BASELINE_INVALID',
  /** A `--client 'command:…'` program did not start, or its first line was not a valid `hello`. `data`: `{ command, reason }`. Run the command yourself and check it prints `{"type":"hello","protocol":1,…}` first. */
  'CLIENT_HANDSHAKE_FAILED',
  /** A `--client-module` file could not be imported or exports no usable client adapter factory. `data`: `{ source, reason }`. Export a `ClientAdapterFactory` (or an array of them). */
  'CLIENT_MODULE_INVALID',
  /** The JSON reports given to `toolshift merge-reports` are not the shards of one run: unreadable, not a toolshift report, not from `--shard`, from different selections, or a shard missing, repeated or incomplete. `data`: `{ source?, reason }`. Run every shard i/n with the same selection and pass each shard's `--json` report once. */
  'REPORTS_NOT_MERGEABLE',
  /** `--html` was asked for but the bundled report viewer (`dist/report-viewer.js`) is missing. `data`: `{ path }`. Run `pnpm build`. */
  'REPORT_VIEWER_MISSING',
  /** A driver manifest (`clients/<language>/<library>/toolshift-driver.yaml`) is unreadable or breaks `driver-manifest.schema.json`. `data`: `{ source, pointer, rule }`. Fix the field at `pointer`. */
  'DRIVER_MANIFEST_INVALID',
  /** A report file (`--json`, `--junit`, `--html`) could not be written: not a regular file, or the write failed. `data`: `{ path, reason }`. Give a file path in a writable directory with room. */
  'REPORT_WRITE_FAILED',
] as const;

/** One of {@link SCENARIOS_ERROR_CODES}. */
export type ScenariosErrorCode = (typeof SCENARIOS_ERROR_CODES)[number];
