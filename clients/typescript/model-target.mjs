// The cell's fake model provider, for the TypeScript drivers that run agent turns (feature
// `agent-turn`): the base URLs come with `connect.model` (the first connect that names them), else
// from the provider SDKs' own variables the runner sets (OPENAI_BASE_URL, ANTHROPIC_BASE_URL,
// GOOGLE_GEMINI_BASE_URL, TOOLSHIFT_MODEL_URL); the API key is the fake one the runner puts in
// OPENAI_API_KEY and its siblings. The contract: packages/scenarios/command-protocol.schema.json.

/** The model name sent to the fake provider (it serves any name). */
export const MODEL = 'toolshift-model';

let remembered;

/** Keeps `connect.model` from the first connect request that carries it. */
export function rememberModelTarget(target) {
  if (target?.model && !remembered) remembered = target.model;
}

/**
 * `{ url, openai, anthropic, gemini }` base URLs of the fake provider (see ModelTarget in
 * packages/scenarios/src/adapters/client-adapter.ts); throws, with phase `model-request`, when the
 * harness gave none.
 */
export function modelTarget() {
  if (remembered) return remembered;
  const { TOOLSHIFT_MODEL_URL: url, OPENAI_BASE_URL: openai } = process.env;
  if (!url && !openai)
    throw Object.assign(
      new Error('the harness gave no model provider (connect.model / TOOLSHIFT_MODEL_URL / OPENAI_BASE_URL)'),
      { phase: 'model-request' },
    );
  const origin = url ?? new URL(openai).origin;
  return {
    url: origin,
    openai: openai ?? `${origin}/v1`,
    anthropic: process.env.ANTHROPIC_BASE_URL ?? origin,
    gemini: process.env.GOOGLE_GEMINI_BASE_URL ?? origin,
  };
}

/** The API key the provider SDK sends (the runner's fake key; any value is accepted). */
export const modelApiKey = (name = 'OPENAI_API_KEY') => process.env[name] ?? 'toolshift-fake-model-key';
