import type { InvariantParams } from './invariant.js';

/** The JSON type a parameter must have. */
export type ParamType = 'string' | 'string[]' | 'integer' | 'boolean';

/** The parameters an invariant accepts: each key's type, and which keys are required. */
export interface ParamShape {
  fields: Readonly<Record<string, ParamType>>;
  required?: readonly string[];
  /** At least one of these keys must be given. */
  oneOf?: readonly string[];
}

function hasType(value: unknown, type: ParamType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string' && value.length > 0;
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);
    case 'integer':
      return Number.isInteger(value) && (value as number) >= 0;
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/**
 * Why `params` do not fit `shape` (an unknown key, a missing required key, a wrong type), or
 * `undefined` when they fit. Used by invariants' `validateParams`.
 */
export function paramProblem(params: InvariantParams | undefined, shape: ParamShape): string | undefined {
  const given = params ?? {};
  for (const key of Object.keys(given)) {
    if (!(key in shape.fields))
      return `unknown parameter '${key}' (known: ${Object.keys(shape.fields).join(', ')})`;
    if (!hasType(given[key], shape.fields[key]!))
      return `parameter '${key}' must be of type ${shape.fields[key]}`;
  }
  for (const key of shape.required ?? []) if (!(key in given)) return `parameter '${key}' is required`;
  if (shape.oneOf && !shape.oneOf.some((key) => key in given))
    return `one of ${shape.oneOf.map((key) => `'${key}'`).join(', ')} is required`;
  return undefined;
}
