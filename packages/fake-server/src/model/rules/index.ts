import type { ModelTurn } from '../model-turn.js';
import type { RuleFinding } from '../wire/model-wire.js';
import { ANTHROPIC_RULES } from './anthropic-rules.js';
import { GEMINI_RULES } from './gemini-rules.js';
import { OPENAI_RULES } from './openai-rules.js';
import type { ProviderRule } from './provider-rule.js';

/** Every provider rule the fake model provider enforces, by family, in the order they are checked. */
export const PROVIDER_RULES: readonly ProviderRule[] = [...OPENAI_RULES, ...ANTHROPIC_RULES, ...GEMINI_RULES];

/** Ids of rules checked while reading a request (the provider could not answer otherwise): never relaxed. */
export const UNRELAXABLE_RULES: ReadonlySet<string> = new Set(
  PROVIDER_RULES.filter((rule) => rule.category === 'request').map((rule) => rule.id),
);

/** Every finding of every rule for `turn`'s API that `relaxed` does not switch off, in rule order. */
export function checkProviderRules(turn: ModelTurn, relaxed: ReadonlySet<string>): RuleFinding[] {
  return PROVIDER_RULES.filter((rule) => rule.apis.includes(turn.api) && !relaxed.has(rule.id)).flatMap(
    (rule) => rule.check(turn),
  );
}

export type { ProviderRule };
