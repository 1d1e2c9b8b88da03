import { ToolshiftError } from '@toolshift/fake-server';

/**
 * A scenario that cannot be loaded: `pointer` is a JSON pointer into the scenario document and
 * `rule` names the schema keyword or semantic rule that failed.
 */
export class ScenarioError extends ToolshiftError<'SCENARIO_INVALID'> {
  constructor(
    message: string,
    readonly source: string,
    readonly pointer: string,
    readonly rule: string,
  ) {
    super('SCENARIO_INVALID', message, { source, pointer, rule });
    this.name = 'ScenarioError';
  }
}
