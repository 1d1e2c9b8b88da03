import type { ModelApi } from '../transcript/model-frame.js';
import type { RouteMatch } from './wire/model-wire.js';

/** A request the model routes answer with a model list (`GET /v1/models`, `/v1beta/models`, one model). */
export interface ModelsRoute {
  api: 'models';
  path: string;
  /** Which provider's list shape: OpenAI and Anthropic share `/v1/models` (Anthropic clients send `anthropic-version`). */
  family: 'openai' | 'anthropic' | 'gemini';
  /** One model by id (`GET /v1/models/{id}`), or the list. */
  model?: string;
}

const GEMINI_METHOD = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const OPENAI_ONE_MODEL = /^\/v1\/models\/([^/]+)$/;
const GEMINI_ONE_MODEL = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+)$/;

/**
 * Which model API a request is for, from its method and path (the query only for Gemini's
 * `alt=sse`): `POST /v1/chat/completions`, `POST /v1/responses`, `POST /v1/messages`,
 * `POST /v1beta/models/{model}:generateContent|streamGenerateContent`, `GET /v1/models[/{id}]`,
 * `GET /v1beta/models[/{model}]`. `undefined` for anything else.
 */
export function matchModelRoute(
  method: string,
  path: string,
  headers: Readonly<Record<string, string>>,
): RouteMatch | ModelsRoute | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  if (method === 'POST') {
    const fixed: Record<string, Exclude<ModelApi, 'models' | 'gemini'>> = {
      '/v1/chat/completions': 'openai-chat',
      '/v1/responses': 'openai-responses',
      '/v1/messages': 'anthropic-messages',
    };
    const api = fixed[clean];
    if (api) return { api, path: clean };
    const gemini = GEMINI_METHOD.exec(clean);
    if (gemini)
      return {
        api: 'gemini',
        path: clean,
        model: decodeURIComponent(gemini[2]!),
        stream: gemini[3] === 'streamGenerateContent',
      };
    return undefined;
  }
  if (method !== 'GET') return undefined;
  const family = headers['anthropic-version'] !== undefined ? 'anthropic' : 'openai';
  if (clean === '/v1/models') return { api: 'models', path: clean, family };
  const one = OPENAI_ONE_MODEL.exec(clean);
  if (one) return { api: 'models', path: clean, family, model: decodeURIComponent(one[1]!) };
  if (/^\/(v1beta|v1alpha)\/models$/.test(clean)) return { api: 'models', path: clean, family: 'gemini' };
  const gemini = GEMINI_ONE_MODEL.exec(clean);
  if (gemini) return { api: 'models', path: clean, family: 'gemini', model: decodeURIComponent(gemini[2]!) };
  return undefined;
}

/** The model list a `GET …/models` gets, in the provider's shape (`model` set: that one model). */
export function modelsBody(route: ModelsRoute, models: readonly string[]): { status: number; body: unknown } {
  const known = route.model === undefined ? models : models.filter((id) => id === route.model);
  if (route.model !== undefined && known.length === 0) {
    const message = `The model '${route.model}' does not exist`;
    if (route.family === 'anthropic')
      return { status: 404, body: { type: 'error', error: { type: 'not_found_error', message } } };
    if (route.family === 'gemini')
      return { status: 404, body: { error: { code: 404, message, status: 'NOT_FOUND' } } };
    return {
      status: 404,
      body: { error: { message, type: 'invalid_request_error', param: null, code: 'model_not_found' } },
    };
  }
  const entries = known.map((id) => {
    if (route.family === 'anthropic')
      return { type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' };
    if (route.family === 'gemini')
      return {
        name: `models/${id}`,
        displayName: id,
        supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
      };
    return { id, object: 'model', created: 1_767_225_600, owned_by: 'toolshift' };
  });
  if (route.model !== undefined) return { status: 200, body: entries[0] };
  if (route.family === 'anthropic')
    return {
      status: 200,
      body: { data: entries, has_more: false, first_id: known[0] ?? null, last_id: known.at(-1) ?? null },
    };
  if (route.family === 'gemini') return { status: 200, body: { models: entries } };
  return { status: 200, body: { object: 'list', data: entries } };
}
