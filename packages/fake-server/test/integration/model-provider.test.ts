import { afterEach, describe, expect, test } from 'vitest';
import { type ModelServer, serveModelProvider } from '../../src/http.js';
import { createModelProvider, type ModelProvider } from '../../src/model.js';

// The fake model provider over raw HTTP: the scripted model's moves (parallel calls, an unknown
// tool, a pick by server, a provider failure) and rules the SDKs would hide (Gemini REST bodies).

let served: ModelServer | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function start(provider: ModelProvider = createModelProvider()): Promise<ModelServer> {
  served = await serveModelProvider(provider);
  return served;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const chatTools = [
  {
    type: 'function',
    function: {
      name: 'fs_read',
      description: 'Read a file',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'web_fetch',
      description: 'Fetch a URL',
      parameters: {
        type: 'object',
        properties: { url: { type: 'string' }, depth: { type: 'integer', minimum: 2 } },
        required: ['url', 'depth'],
      },
    },
  },
];

describe('the scripted model', () => {
  test('calls two tools in parallel, by name and by description, with arguments made up from their schemas', async () => {
    const { provider, urls } = await start();
    provider.enqueue({
      reply: 'tool-calls',
      calls: [{ pick: { name: 'fs_read' } }, { pick: { description: 'Fetch' } }],
    });
    const { status, body } = await post(`${urls.openai}/chat/completions`, {
      model: 'm',
      messages: [{ role: 'user', content: 'go' }],
      tools: chatTools,
    });
    expect(status).toBe(200);
    const calls = body.choices[0].message.tool_calls;
    expect(calls.map((call: any) => call.function.name)).toEqual(['fs_read', 'web_fetch']);
    expect(JSON.parse(calls[0].function.arguments)).toEqual({ path: expect.any(String) });
    const fetchArgs = JSON.parse(calls[1].function.arguments);
    expect(fetchArgs).toEqual({ url: expect.any(String), depth: expect.any(Number) });
    expect(fetchArgs.depth).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((call: any) => call.id)).size).toBe(2);
  });

  test('calls a tool the request does not offer when picked by name (an unknown or removed tool)', async () => {
    const { provider, urls } = await start();
    provider.enqueue({
      reply: 'tool-calls',
      calls: [{ pick: { name: 'deleted_tool' }, arguments: { a: 1 } }],
    });
    const { body } = await post(`${urls.anthropic}/v1/messages`, {
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'go' }],
      tools: [{ name: 'fs_read', input_schema: { type: 'object' } }],
    });
    expect(body.content).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'deleted_tool', input: { a: 1 } }),
    ]);
  });

  test('picks a tool by the server it came from through the attribution, and notes a pick that finds nothing', async () => {
    const provider = createModelProvider({
      attribute: (tools) =>
        tools.map((tool) => {
          const [serverId, toolName] = tool.name.split('__');
          return serverId && toolName ? { serverId, toolName } : undefined;
        }),
    });
    const { urls } = await start(provider);
    provider.enqueue(
      { reply: 'tool-calls', calls: [{ pick: { server: 'beta', tool: 'search' } }] },
      { reply: 'tool-calls', calls: [{ pick: { server: 'gamma', tool: 'search' } }] },
    );
    const request = {
      model: 'm',
      messages: [{ role: 'user', content: 'go' }],
      tools: [
        { type: 'function', function: { name: 'alpha__search', parameters: { type: 'object' } } },
        { type: 'function', function: { name: 'beta__search', parameters: { type: 'object' } } },
      ],
    };
    const first = await post(`${urls.openai}/chat/completions`, request);
    expect(first.body.choices[0].message.tool_calls[0].function.name).toBe('beta__search');
    const second = await post(`${urls.openai}/chat/completions`, request);
    expect(second.body.choices[0].message.tool_calls).toBeUndefined();
    expect(second.body.choices[0].message.content).toContain('gamma/search');
    expect(
      provider.transcript.frames.some(
        (frame) => frame.kind === 'note' && frame.note?.includes('gamma/search'),
      ),
    ).toBe(true);
  });

  test("fails in the provider's own shape when told to (Anthropic 529 overloaded_error)", async () => {
    const { provider, urls } = await start();
    provider.enqueue({ reply: 'fail', status: 529 });
    const { status, body } = await post(`${urls.anthropic}/v1/messages`, {
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'go' }],
    });
    expect(status).toBe(529);
    expect(body).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: expect.any(String) },
      request_id: expect.any(String),
    });
  });

  test('records the tool results a host sends back, with Anthropic is_error', async () => {
    const { provider, urls } = await start();
    await post(`${urls.anthropic}/v1/messages`, {
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'fs_read', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              is_error: true,
              content: 'Tool fs_read not found',
            },
          ],
        },
      ],
      tools: [{ name: 'fs_read', input_schema: { type: 'object' } }],
    });
    const inFrame = provider.transcript.frames.find(
      (frame) => frame.kind === 'model' && frame.direction === 'in',
    );
    expect(inFrame?.model?.toolResults).toEqual([
      { callId: 'toolu_1', text: 'Tool fs_read not found', isError: true },
    ]);
  });

  test('pairs a Gemini function response with the call it answered by name and order, not by an id the client made up', async () => {
    const { provider, urls } = await start();
    provider.enqueue({ reply: 'tool-calls', calls: [{ pick: { name: 'fs_read' } }] });
    const tools = [{ functionDeclarations: [{ name: 'fs_read', parameters: { type: 'object' } }] }];
    const url = `${urls.gemini}/v1beta/models/m:generateContent`;
    const first = await post(url, { contents: [{ role: 'user', parts: [{ text: 'go' }] }], tools });
    const call = first.body.candidates[0].content.parts[0].functionCall;
    expect(call).toEqual({ name: 'fs_read', args: expect.any(Object) });
    // The AI SDK gives the call an id of its own and echoes it in the response.
    await post(url, {
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ functionCall: { ...call, id: 'client-made' } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'client-made', name: 'fs_read', response: { output: 'text' } } }],
        },
      ],
      tools,
    });
    const frames = provider.transcript.frames.filter((frame) => frame.kind === 'model');
    const answered = frames[1]?.model?.reply?.toolCalls?.[0]?.callId;
    expect(answered).toBe('gemini:fs_read:0');
    expect(frames[2]?.model?.toolResults).toEqual([
      { callId: answered, name: 'fs_read', text: '{"output":"text"}', isError: false },
    ]);
  });
});

describe('provider rules the SDKs would hide', () => {
  test('a union `type` in Gemini array items gets the JSON payload 400, which names no tool, and a violation that does', async () => {
    const { urls, provider } = await start();
    const { status, body } = await post(`${urls.gemini}/v1beta/models/m:generateContent`, {
      contents: [{ role: 'user', parts: [{ text: 'go' }] }],
      tools: [
        {
          functionDeclarations: [
            { name: 'ok', parameters: { type: 'object' } },
            {
              name: 'tag',
              parameters: {
                type: 'object',
                properties: { tags: { type: 'array', items: { type: ['string', 'number'] } } },
              },
            },
          ],
        },
      ],
    });
    expect(status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toContain('Proto field is not repeating, cannot start list.');
    expect(body.error.message).not.toContain('tag');
    const out = provider.transcript.frames.find(
      (frame) => frame.kind === 'model' && frame.direction === 'out',
    );
    expect(out?.model?.violations).toEqual([
      expect.objectContaining({ rule: 'gemini.schema-subset', tool: 'tag', toolIndex: 1 }),
    ]);
  });

  test('duplicate names get Anthropic its 400 "Tool names must be unique."', async () => {
    const { urls } = await start();
    const { status, body } = await post(`${urls.anthropic}/v1/messages`, {
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'go' }],
      tools: [
        { name: 'search', input_schema: { type: 'object' } },
        { name: 'search', input_schema: { type: 'object' } },
      ],
    });
    expect(status).toBe(400);
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('Tool names must be unique');
  });

  test('a rule cannot be relaxed by an unknown id, and a request-field rule not at all', () => {
    expect(() => createModelProvider({ relax: ['openai.no-such-rule'] })).toThrow(
      /Unknown model provider rule/,
    );
    expect(() => createModelProvider({ relax: ['openai.request-fields'] })).toThrow(/cannot be relaxed/);
  });

  test('an unknown path gets 404 and a note, and GET /v1beta/models lists models in Gemini shape', async () => {
    const { urls } = await start();
    expect((await fetch(`${urls.url}/v1/embeddings`, { method: 'POST', body: '{}' })).status).toBe(404);
    const list = (await (await fetch(`${urls.gemini}/v1beta/models`)).json()) as {
      models: Array<{ name: string }>;
    };
    expect(list.models.map((model) => model.name)).toEqual(['models/toolshift-model']);
  });
});
