import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonObject } from './tool-definition.js';

/** Validators by input schema (a changed schema is a new object: entries of old ones are collected). */
const compiled = new WeakMap<JsonObject, ValidateFunction | 'unusable'>();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false, loadSchema: undefined });

/**
 * Why `args` do not fit a tool's `inputSchema` (JSON Schema 2020-12), e.g. `/text must be string`,
 * or `undefined` when they fit. A schema the fake server cannot compile (deliberately hostile, a
 * `$ref` it cannot resolve) checks nothing: the call runs as before.
 * @see ../shared/spec/mcp-discovery-spec.md §3 (servers MUST validate inputs; input validation
 *   errors are tool execution errors, `isError: true`)
 */
export function argumentProblem(inputSchema: JsonObject, args: unknown): string | undefined {
  let validate = compiled.get(inputSchema);
  if (validate === undefined) {
    try {
      validate = ajv.compile(inputSchema);
    } catch {
      validate = 'unusable';
    }
    compiled.set(inputSchema, validate);
  }
  if (validate === 'unusable' || validate(args ?? {})) return undefined;
  const error = validate.errors?.[0];
  return error
    ? `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`
    : 'the arguments do not fit the input schema';
}
