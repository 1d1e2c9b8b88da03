import type { ModelApi, ModelRuleViolation } from '../../transcript/model-frame.js';
import type { ModelTurn } from '../model-turn.js';
import type { ProviderFamily, RuleFinding } from '../wire/model-wire.js';

/**
 * A rule a model provider enforces on requests, as the fake provider enforces it: the same
 * condition, the same error status and shape (rendered by the API's wire), and a citation of where
 * the rule is documented. A scenario can relax any rule by id (`relax`), except the request-field
 * rules the provider needs to read a request at all.
 */
export interface ProviderRule {
  /** Stable id, `<family>.<rule>`, e.g. `openai.tool-count`. */
  readonly id: string;
  readonly family: ProviderFamily;
  /** The wire APIs it applies to. */
  readonly apis: readonly Exclude<ModelApi, 'models'>[];
  readonly category: ModelRuleViolation['category'];
  /** The rule in one line. */
  readonly summary: string;
  /**
   * Where it comes from: the provider's documentation (`url`) and what it says (`says`); where the
   * documentation is silent, the error the API is observed to return, with a public report of it.
   */
  readonly source: { url: string; says: string };
  /** Every way `turn` breaks the rule (empty when it keeps it). */
  check(turn: ModelTurn): RuleFinding[];
}

/** The keys of a JSON-pointer-like path, rendered as a Python tuple the way OpenAI's validator prints contexts. */
export function pythonTuple(keys: readonly (string | number)[]): string {
  const items = keys.map((key) => (typeof key === 'number' ? String(key) : `'${key}'`));
  return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
}
