import { ToolshiftError } from './toolshift-error.js';

/**
 * A script that cannot be loaded: `pointer` is a JSON pointer into the script document and `rule`
 * names the schema keyword or semantic rule that failed.
 */
export class ScriptError extends ToolshiftError<
  'SCRIPT_INVALID' | 'SCRIPT_UNKNOWN_TOOL' | 'SCRIPT_UNREACHABLE'
> {
  constructor(
    code: 'SCRIPT_INVALID' | 'SCRIPT_UNKNOWN_TOOL' | 'SCRIPT_UNREACHABLE',
    message: string,
    readonly source: string,
    readonly pointer: string,
    readonly rule: string,
    extra: Record<string, unknown> = {},
  ) {
    super(code, message, { source, pointer, rule, ...extra });
    this.name = 'ScriptError';
  }
}
