/**
 * Why the schema gate kept a tool out of the verified catalog. Stable strings; each names the rule
 * that failed:
 * - `not-an-object`, `invalid-name`, `invalid-field`: the tool entry itself is malformed;
 * - `duplicate-name`: two different definitions share one name in one listing (ambiguous identity);
 * - `too-deep`, `too-many-nodes`, `too-many-properties`, `string-too-long`, `description-too-long`: a bound;
 * - `unsupported-dialect`: `$schema` names a dialect other than 2020-12 or draft-07;
 * - `invalid-schema`: the schema fails its dialect's meta-schema;
 * - `root-not-object`: `inputSchema` (or a legacy `outputSchema`) root is not `type: "object"`;
 * - `external-ref`: a `$ref` that would need a fetch (never done);
 * - `unresolvable-ref`: a local `$ref` whose target does not exist;
 * - `ref-cycle`: `$ref`/composition that loops back without descending into the instance;
 * - `required-undefined-property`: `required` names a property `properties` does not define;
 * - `invalid-pattern`: a `pattern`/`patternProperties` key that is not a valid regular expression;
 * - `invalid-x-mcp-header`: an `x-mcp-header` that breaks the 2026-07-28 constraints;
 * - `not-canonicalizable`: the contract has no RFC 8785 form (lone surrogates).
 */
export type GateReason =
  | 'not-an-object'
  | 'invalid-name'
  | 'invalid-field'
  | 'duplicate-name'
  | 'too-deep'
  | 'too-many-nodes'
  | 'too-many-properties'
  | 'string-too-long'
  | 'description-too-long'
  | 'unsupported-dialect'
  | 'invalid-schema'
  | 'root-not-object'
  | 'external-ref'
  | 'unresolvable-ref'
  | 'ref-cycle'
  | 'required-undefined-property'
  | 'invalid-pattern'
  | 'invalid-x-mcp-header'
  | 'not-canonicalizable';

/** A failed gate check: the rule, a readable detail, and where (JSON pointer into the tool). */
export interface GateRejection {
  reason: GateReason;
  detail: string;
  /** JSON pointer into the tool definition, e.g. `/inputSchema/properties/q`. */
  pointer: string;
}

/** A tool the gate kept out, with its identity (`name` is `#<index>` when the entry had none). */
export interface ExcludedTool extends GateRejection {
  serverId: string;
  name: string;
}
