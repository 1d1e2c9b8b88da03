import { escapePointerToken } from '../schema-gate/check-json-bounds.js';
import { AdaptError } from './adapt-error.js';

/**
 * What a provider does with one JSON Schema keyword:
 * - `keep`: the provider understands it (subschemas inside are rewritten too);
 * - `annotation`: no validation meaning (`examples`, `$comment`, `x-…`): dropped;
 * - `enforced`: a constraint the provider cannot express but the host validates before execution
 *   (`minLength`, `not`, …): dropped from the model-facing copy, noted;
 * - `unsupported`: dropping it would change which arguments are valid in a way the model needs to
 *   know (`allOf`, `patternProperties`, …): the tool fails to adapt.
 */
export type KeywordRule = 'keep' | 'annotation' | 'enforced' | 'unsupported';

/** Builds a keyword table from lists (a table written as an object literal would need a `then` key). */
export function keywordRules(
  lists: Partial<Record<KeywordRule, readonly string[]>>,
): Record<string, KeywordRule> {
  const rules: Record<string, KeywordRule> = {};
  for (const [rule, keywords] of Object.entries(lists) as Array<[KeywordRule, readonly string[]]>) {
    for (const keyword of keywords) rules[keyword] = rule;
  }
  return rules;
}

/** How one provider rewrites schemas. */
export interface RewriteRules {
  /** Rules by keyword. Unlisted keywords are annotations (JSON Schema ignores unknown keywords). */
  keywords: Readonly<Record<string, KeywordRule>>;
  /** Keywords renamed on the way (e.g. `oneOf` → `anyOf`, enforced exactly by local validation). */
  renames?: Readonly<Record<string, string>>;
  /** Called on every rewritten schema object (bottom-up) for provider-specific fixes; may throw {@link AdaptError}. */
  finish?: (node: Record<string, unknown>, pointer: string, notes: Set<string>) => Record<string, unknown>;
}

const SINGLE = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);
const LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const MAP = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

/**
 * Rewrites a schema for a provider by `rules`, recursively (the schema gate bounds depth at 64, so
 * recursion is safe here). Boolean subschemas are kept as they are; providers that cannot take
 * them reject them in `finish`.
 * @throws {AdaptError} for an `unsupported` keyword or whatever `finish` rejects.
 */
export function rewriteSchema(
  schema: unknown,
  rules: RewriteRules,
  pointer: string,
  notes: Set<string>,
): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const rule = rules.keywords[keyword] ?? 'annotation';
    const at = `${pointer}/${escapePointerToken(keyword)}`;
    if (rule === 'annotation') continue;
    if (rule === 'enforced') {
      notes.add(`${keyword} left to local validation`);
      continue;
    }
    if (rule === 'unsupported') {
      throw new AdaptError(`${keyword}-unsupported`, at, `the provider cannot express ${keyword}`);
    }
    const target = rules.renames?.[keyword] ?? keyword;
    if (target !== keyword) notes.add(`${keyword} sent as ${target}, enforced exactly by local validation`);
    out[target] = rewriteValue(keyword, value, rules, at, notes);
  }
  return rules.finish ? rules.finish(out, pointer, notes) : out;
}

function rewriteValue(
  keyword: string,
  value: unknown,
  rules: RewriteRules,
  at: string,
  notes: Set<string>,
): unknown {
  if (SINGLE.has(keyword)) return rewriteSchema(value, rules, at, notes);
  if (LIST.has(keyword) && Array.isArray(value)) {
    return value.map((item, i) => rewriteSchema(item, rules, `${at}/${i}`, notes));
  }
  if (MAP.has(keyword) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const mapped: Record<string, unknown> = {};
    for (const [name, sub] of Object.entries(value)) {
      mapped[name] = rewriteSchema(sub, rules, `${at}/${escapePointerToken(name)}`, notes);
    }
    return mapped;
  }
  return value;
}
