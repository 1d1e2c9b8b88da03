import type { ModelHttpRequest, ModelProvider } from '@toolshift/fake-server/model';
import type { ModelRequest } from '../adapters/client-adapter.js';

/** The model the runner names in requests it forwards. */
const MODEL = 'toolshift-model';

/**
 * The HTTP request a host would send its provider for the tool set `request`, in the wire API the
 * scenario's provider id names: `anthropic…` → Anthropic Messages (`input_schema`), `gemini…` →
 * Gemini generateContent (`parameters`), anything else → OpenAI Chat Completions (`strict: true`
 * for `openai-strict`).
 */
export function providerRequestFor(request: ModelRequest, provider: string | undefined): ModelHttpRequest {
  const id = provider ?? 'openai';
  const user = 'Use your tools to answer.';
  const post = (path: string, body: unknown): ModelHttpRequest => ({
    method: 'POST',
    path,
    query: {},
    headers: {
      'content-type': 'application/json',
      'user-agent': 'toolshift-runner (forwarded model request)',
    },
    body: JSON.stringify(body),
  });
  if (id.startsWith('anthropic'))
    return post('/v1/messages', {
      model: MODEL,
      max_tokens: 256,
      messages: [{ role: 'user', content: user }],
      ...(request.tools.length > 0
        ? {
            tools: request.tools.map((tool) => ({
              name: tool.name,
              ...(tool.description !== undefined ? { description: tool.description } : {}),
              input_schema: tool.parameters ?? { type: 'object' },
            })),
          }
        : {}),
    });
  if (id.startsWith('gemini'))
    return post(`/v1beta/models/${MODEL}:generateContent`, {
      contents: [{ role: 'user', parts: [{ text: user }] }],
      ...(request.tools.length > 0
        ? {
            tools: [
              {
                functionDeclarations: request.tools.map((tool) => ({
                  name: tool.name,
                  ...(tool.description !== undefined ? { description: tool.description } : {}),
                  ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}),
                })),
              },
            ],
          }
        : {}),
    });
  const strict = id === 'openai-strict';
  return post('/v1/chat/completions', {
    model: MODEL,
    messages: [{ role: 'user', content: user }],
    ...(request.tools.length > 0
      ? {
          tools: request.tools.map((tool) => ({
            type: 'function',
            function: {
              name: tool.name,
              ...(tool.description !== undefined ? { description: tool.description } : {}),
              parameters: tool.parameters ?? { type: 'object', properties: {} },
              ...(strict ? { strict: true } : {}),
            },
          })),
        }
      : {}),
  });
}

/**
 * Sends the tool set a `model-exposure` adapter reports to the cell's fake model provider, as the
 * host would send it, so the provider's rules judge it on the wire too (`model.provider-accepted`)
 * and its `model` frames join the transcript. The model answers in text; the answer is not used.
 * Resolves with the number of the provider exchange that carried it.
 */
export async function forwardModelRequest(
  provider: ModelProvider,
  request: ModelRequest,
  providerId: string | undefined,
): Promise<number | undefined> {
  const before = provider.exchanges().length;
  await provider.handle(providerRequestFor(request, providerId));
  return provider.exchanges().at(before)?.exchange;
}
