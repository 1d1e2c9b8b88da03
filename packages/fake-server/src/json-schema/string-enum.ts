import { type TUnsafe, Type } from '@sinclair/typebox';

/**
 * A string schema limited to `values` (`{ type: "string", enum: [...] }`), typed as their union.
 * Preferred over a union of literals: one `enum` keyword validates (and reports) in one step, where
 * `anyOf` of `const`s makes ajv generate code per branch.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}
