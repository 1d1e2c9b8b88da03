import { anthropicAdapter } from './anthropic-adapter.js';
import { geminiAdapter } from './gemini-adapter.js';
import { openAiStrictAdapter } from './openai-strict-adapter.js';
import type { ProviderAdapter } from './provider-adapter.js';

/** The adapters a host knows by default, by id: `openai-strict`, `anthropic`, `gemini`. */
export const BUILT_IN_PROVIDERS: ReadonlyMap<string, ProviderAdapter> = new Map(
  [openAiStrictAdapter, anthropicAdapter, geminiAdapter].map((adapter) => [adapter.id, adapter]),
);
