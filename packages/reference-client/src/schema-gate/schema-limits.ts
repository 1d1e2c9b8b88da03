/**
 * Bounds the schema gate enforces before a schema reaches ajv, canonicalization or a provider.
 * Every bound is checked by an iterative walk, so a hostile schema cannot exhaust the stack.
 */
export interface SchemaLimits {
  /** Deepest nesting of objects/arrays inside one schema (default 64). */
  maxDepth: number;
  /** Most objects + arrays + scalars inside one schema (default 20,000). */
  maxNodes: number;
  /** Most keys in one object of a schema, e.g. `properties` (default 1,000). */
  maxProperties: number;
  /** Longest string anywhere in a schema, UTF-16 code units (default 10,000). */
  maxStringLength: number;
  /** Longest tool `description`, UTF-16 code units (default 10,000). */
  maxDescriptionLength: number;
}

/** The defaults of {@link SchemaLimits}. */
export const DEFAULT_SCHEMA_LIMITS: SchemaLimits = {
  maxDepth: 64,
  maxNodes: 20_000,
  maxProperties: 1_000,
  maxStringLength: 10_000,
  maxDescriptionLength: 10_000,
};
