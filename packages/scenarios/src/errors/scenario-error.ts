import { ToolshiftError } from '@toolshift/fake-server';

/**
 * A scenario that cannot be loaded: `pointer` is a JSON pointer into the scenario document and
 * `rule` names the schema keyword or semantic rule that failed; `problems` lists every problem
 * found in one pass.
 */
export class ScenarioError extends ToolshiftError<'SCENARIO_INVALID'> {
  constructor(
    message: string,
    readonly source: string,
    readonly pointer: string,
    readonly rule: string,
    /** Every problem found (the first is `pointer`/`rule`); one entry when only one was found. */
    readonly problems: ReadonlyArray<{ pointer: string; rule: string; message: string }> = [
      { pointer, rule, message },
    ],
  ) {
    super('SCENARIO_INVALID', message, { source, pointer, rule, problems });
    this.name = 'ScenarioError';
  }
}
