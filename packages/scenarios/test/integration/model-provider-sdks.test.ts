import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { createFakeServer, type FakeServer, type TranscriptFrame } from '@toolshift/fake-server';
import { type HttpTransport, startHttpTransport } from '@toolshift/fake-server/http';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';

// The official provider SDKs (openai 6.x, @anthropic-ai/sdk 1.x, @google/genai 2.x: the last majors
// that run on Node 20) drive the fake model provider served next to a fake MCP server: a tool-call
// round trip each, streaming and not, recorded as `model` frames in the server's transcript.

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
};

let server: FakeServer;
let http: HttpTransport;

beforeEach(async () => {
  server = createFakeServer({
    toolshiftScript: 1,
    catalog: { tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }] },
  });
  http = await startHttpTransport(server, { model: true });
});

afterEach(async () => {
  await http.close('drop');
});

function modelFrames(): TranscriptFrame[] {
  return server.transcript.frames.filter((frame) => frame.kind === 'model');
}

/** The scripted model: first a call of `get_weather` (arguments from its schema), then text. */
function scriptWeatherCall() {
  http.model!.enqueue(
    { reply: 'tool-calls', calls: [{ pick: { description: 'weather' } }] },
    { reply: 'text', text: 'It is sunny.' },
  );
}

function expectRoundTrip(api: string, stream: boolean, resultText: string) {
  const frames = modelFrames();
  expect(frames.map((frame) => [frame.direction, frame.model?.api, frame.model?.exchange])).toEqual([
    ['in', api, 1],
    ['out', api, 1],
    ['in', api, 2],
    ['out', api, 2],
  ]);
  const [firstIn, firstOut, secondIn, secondOut] = frames as [
    TranscriptFrame,
    TranscriptFrame,
    TranscriptFrame,
    TranscriptFrame,
  ];
  expect(firstIn.model?.stream).toBe(stream);
  expect(firstIn.model?.tools?.map((tool) => tool.name)).toEqual(['get_weather']);
  expect(firstIn.model?.tools?.[0]?.description).toContain('weather');
  const call = firstOut.model?.reply?.toolCalls?.[0];
  expect(call?.name).toBe('get_weather');
  expect(call?.arguments).toEqual({ city: expect.any(String) });
  expect(secondIn.model?.historyCalls?.map((each) => each.callId)).toEqual([call?.callId]);
  expect(secondIn.model?.toolResults).toEqual([
    expect.objectContaining({ callId: call?.callId, text: expect.stringContaining(resultText) }),
  ]);
  expect(secondOut.model?.reply?.text).toBe('It is sunny.');
  // One transcript, one numbering: model frames interleave with the server's own by seq.
  expect(firstIn.seq).toBeLessThan(secondOut.seq);
}

describe('openai Chat Completions', () => {
  const tools: OpenAI.Chat.Completions.ChatCompletionTool[] = [
    {
      type: 'function',
      function: { name: 'get_weather', description: 'Get the weather for a city', parameters: weatherSchema },
    },
  ];

  test.each([false, true])('a tool-call round trip completes (stream: %s)', async (stream) => {
    scriptWeatherCall();
    const client = new OpenAI({ apiKey: 'test', baseURL: http.modelUrls!.openai, maxRetries: 0 });
    const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
      { role: 'user', content: 'Weather in Paris?' },
    ];
    let message: OpenAI.Chat.Completions.ChatCompletionMessage;
    if (stream) {
      const runner = client.chat.completions.stream({ model: 'toolshift-model', messages, tools });
      message = (await runner.finalChatCompletion()).choices[0]!.message;
    } else {
      message = (await client.chat.completions.create({ model: 'toolshift-model', messages, tools }))
        .choices[0]!.message;
    }
    const call = message.tool_calls?.[0];
    expect(call?.type).toBe('function');
    if (call?.type !== 'function') throw new Error('no function call');
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: expect.any(String) });
    messages.push(message, { role: 'tool', tool_call_id: call.id, content: '21 °C and sunny' });
    const second = stream
      ? await client.chat.completions
          .stream({ model: 'toolshift-model', messages, tools })
          .finalChatCompletion()
      : await client.chat.completions.create({ model: 'toolshift-model', messages, tools });
    expect(second.choices[0]?.message.content).toBe('It is sunny.');
    expect(second.choices[0]?.finish_reason).toBe('stop');
    expectRoundTrip('openai-chat', stream, '21 °C');
  });

  test('GET /v1/models lists the model', async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: http.modelUrls!.openai, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['toolshift-model']);
  });
});

describe('openai Responses', () => {
  const tools: OpenAI.Responses.Tool[] = [
    {
      type: 'function',
      name: 'get_weather',
      description: 'Get the weather for a city',
      parameters: weatherSchema,
      strict: false,
    },
  ];

  test.each([false, true])('a tool-call round trip completes (stream: %s)', async (stream) => {
    scriptWeatherCall();
    const client = new OpenAI({ apiKey: 'test', baseURL: http.modelUrls!.openai, maxRetries: 0 });
    const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = stream
      ? await client.responses.stream({ model: 'toolshift-model', input, tools }).finalResponse()
      : await client.responses.create({ model: 'toolshift-model', input, tools });
    const call = first.output.find((item) => item.type === 'function_call');
    if (call?.type !== 'function_call') throw new Error('no function call');
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.arguments)).toEqual({ city: expect.any(String) });
    input.push(call, { type: 'function_call_output', call_id: call.call_id, output: '21 °C and sunny' });
    const second = stream
      ? await client.responses.stream({ model: 'toolshift-model', input, tools }).finalResponse()
      : await client.responses.create({ model: 'toolshift-model', input, tools });
    expect(second.output_text).toBe('It is sunny.');
    expectRoundTrip('openai-responses', stream, '21 °C');
  });
});

describe('@anthropic-ai/sdk Messages', () => {
  const tools: Anthropic.Tool[] = [
    {
      name: 'get_weather',
      description: 'Get the weather for a city',
      input_schema: weatherSchema as Anthropic.Tool.InputSchema,
    },
  ];

  test.each([false, true])('a tool-call round trip completes (stream: %s)', async (stream) => {
    scriptWeatherCall();
    const client = new Anthropic({ apiKey: 'test', baseURL: http.modelUrls!.anthropic, maxRetries: 0 });
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const params = { model: 'toolshift-model', max_tokens: 256, messages, tools };
    const first = stream
      ? await client.messages.stream(params).finalMessage()
      : await client.messages.create(params);
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((block) => block.type === 'tool_use');
    if (use?.type !== 'tool_use') throw new Error('no tool_use');
    expect(use.name).toBe('get_weather');
    expect(use.input).toEqual({ city: expect.any(String) });
    messages.push(
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: '21 °C and sunny' }] },
    );
    const second = stream
      ? await client.messages.stream(params).finalMessage()
      : await client.messages.create(params);
    expect(second.content).toEqual([expect.objectContaining({ type: 'text', text: 'It is sunny.' })]);
    expect(second.stop_reason).toBe('end_turn');
    expectRoundTrip('anthropic-messages', stream, '21 °C');
  });

  test('GET /v1/models lists the model in Anthropic shape', async () => {
    const client = new Anthropic({ apiKey: 'test', baseURL: http.modelUrls!.anthropic, maxRetries: 0 });
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['toolshift-model']);
  });
});

describe('@google/genai generateContent', () => {
  const tools = [
    {
      functionDeclarations: [
        {
          name: 'get_weather',
          description: 'Get the weather for a city',
          parametersJsonSchema: weatherSchema,
        },
      ],
    },
  ];

  test.each([false, true])('a tool-call round trip completes (stream: %s)', async (stream) => {
    scriptWeatherCall();
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: http.modelUrls!.gemini } });
    const contents: Array<{ role: string; parts: Array<Record<string, unknown>> }> = [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
    ];
    const generate = async () => {
      if (!stream)
        return ai.models.generateContent({ model: 'toolshift-model', contents, config: { tools } });
      let last: Awaited<ReturnType<typeof ai.models.generateContent>> | undefined;
      const calls = [];
      let text = '';
      for await (const chunk of await ai.models.generateContentStream({
        model: 'toolshift-model',
        contents,
        config: { tools },
      })) {
        last = chunk;
        calls.push(...(chunk.functionCalls ?? []));
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) text += part.text ?? '';
      }
      expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
      return { functionCalls: calls, text };
    };
    const first = await generate();
    const call = first.functionCalls?.[0];
    expect(call?.name).toBe('get_weather');
    expect(call?.args).toEqual({ city: expect.any(String) });
    contents.push(
      { role: 'model', parts: [{ functionCall: call }] },
      {
        role: 'user',
        parts: [
          {
            functionResponse: { id: call?.id, name: 'get_weather', response: { output: '21 °C and sunny' } },
          },
        ],
      },
    );
    const second = await generate();
    expect(second.text).toBe('It is sunny.');
    expectRoundTrip('gemini', stream, '21 °C');
  });
});

describe('provider rules through the SDKs', () => {
  const tool = (name: string): OpenAI.Chat.Completions.ChatCompletionTool => ({
    type: 'function',
    function: { name, description: `Tool ${name}`, parameters: { type: 'object', properties: {} } },
  });

  test('129 tools to the OpenAI endpoint get its 400 array_above_max_length, recorded as a violation naming the 129th tool', async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: http.modelUrls!.openai, maxRetries: 0 });
    const tools = Array.from({ length: 129 }, (_, i) => tool(`tool_${i}`));
    const error = await client.chat.completions
      .create({ model: 'toolshift-model', messages: [{ role: 'user', content: 'hi' }], tools })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('array_above_max_length');
    expect((error as Error).message).toContain("Invalid 'tools': array too long");
    const out = modelFrames().find((frame) => frame.direction === 'out');
    expect(out?.httpStatus).toBe(400);
    expect(out?.model?.violations).toEqual([
      expect.objectContaining({
        rule: 'openai.tool-count',
        tool: 'tool_128',
        toolIndex: 128,
        field: 'tools',
      }),
    ]);
  });

  test('a dotted tool name gets the OpenAI pattern error naming the field, recorded as a violation naming the tool', async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: http.modelUrls!.openai, maxRetries: 0 });
    const error = await client.chat.completions
      .create({
        model: 'toolshift-model',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [tool('files_read'), tool('files.write')],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain(
      "Invalid 'tools[1].function.name': string does not match pattern",
    );
    expect(modelFrames().find((frame) => frame.direction === 'out')?.model?.violations).toEqual([
      expect.objectContaining({ rule: 'openai.tool-name', tool: 'files.write', toolIndex: 1 }),
    ]);
  });

  test('a relaxed rule lets the same request through', async () => {
    http.model!.relax(['openai.tool-name']);
    const client = new OpenAI({ apiKey: 'test', baseURL: http.modelUrls!.openai, maxRetries: 0 });
    const answer = await client.chat.completions.create({
      model: 'toolshift-model',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [tool('files.write')],
    });
    expect(answer.choices[0]?.message.content).toBe('Done.');
  });

  test('a dotted name gets Anthropic its own 400 invalid_request_error', async () => {
    const client = new Anthropic({ apiKey: 'test', baseURL: http.modelUrls!.anthropic, maxRetries: 0 });
    const error = await client.messages
      .create({
        model: 'toolshift-model',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'hi' }],
        tools: [{ name: 'files.write', input_schema: { type: 'object' } }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as Error).message).toContain('tools.0.custom.name');
    expect(modelFrames().find((frame) => frame.direction === 'out')?.model?.violations).toEqual([
      expect.objectContaining({ rule: 'anthropic.tool-name', tool: 'files.write' }),
    ]);
  });

  test('a `required` name with no property gets Gemini its 400 INVALID_ARGUMENT', async () => {
    const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: http.modelUrls!.gemini } });
    const error = await ai.models
      .generateContent({
        model: 'toolshift-model',
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        config: {
          tools: [
            {
              functionDeclarations: [
                {
                  name: 'tag',
                  parameters: {
                    type: 'OBJECT',
                    properties: { tags: { type: 'ARRAY', items: { type: 'STRING' } } },
                    required: ['label'],
                  } as never,
                },
              ],
            },
          ],
        },
      })
      .catch((caught: unknown) => caught);
    expect((error as { status?: number }).status).toBe(400);
    expect((error as Error).message).toContain('INVALID_ARGUMENT');
    expect((error as Error).message).toContain('property is not defined');
    const violations = modelFrames().find((frame) => frame.direction === 'out')?.model?.violations ?? [];
    expect(violations).toEqual([expect.objectContaining({ rule: 'gemini.required-defined', tool: 'tag' })]);
  });
});
