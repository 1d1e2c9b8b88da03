/**
 * `@toolshift/fake-server/model`: the fake model provider (OpenAI Chat Completions and Responses,
 * Anthropic Messages, Gemini generateContent) with the provider rules it enforces. Serve it over
 * HTTP with `serveModelProvider` or next to an MCP endpoint with `startHttpTransport(server, { model })`
 * from `@toolshift/fake-server/http`.
 */

export { argumentsFromSchema } from './model/arguments-from-schema.js';
export type { ModelDirective, ScriptedCall, ToolPick } from './model/model-directive.js';
export { DEFAULT_DIRECTIVE, describePick } from './model/model-directive.js';
export { pickModelHeaders } from './model/model-headers.js';
export type {
  AcceptedModelRequest,
  ModelExchangeEvent,
  ModelHttpRequest,
  ModelHttpResponse,
  ModelInterceptor,
  ModelProvider,
  ModelProviderOptions,
} from './model/model-provider.js';
export { createModelProvider, DEFAULT_MODELS } from './model/model-provider.js';
export type { ModelsRoute } from './model/model-routes.js';
export { matchModelRoute } from './model/model-routes.js';
export type { ModelTurn, OfferedTool, TurnMessage } from './model/model-turn.js';
export type { ToolAttribution } from './model/resolve-directive.js';
export { GEMINI_MAX_DECLARATIONS } from './model/rules/gemini-rules.js';
export {
  checkProviderRules,
  PROVIDER_RULES,
  type ProviderRule,
  UNRELAXABLE_RULES,
} from './model/rules/index.js';
export { OPENAI_MAX_TOOLS } from './model/rules/openai-rules.js';
export type {
  ModelAnswer,
  ProviderFamily,
  RouteMatch,
  RuleFinding,
  SseEvent,
} from './model/wire/model-wire.js';
export type {
  ModelApi,
  ModelFrameDetail,
  ModelRuleViolation,
  ModelToolCall,
  ModelToolOffer,
  ModelToolResult,
} from './transcript/model-frame.js';
