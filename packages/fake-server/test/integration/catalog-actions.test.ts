import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  changeMetadata,
  changeSchema,
  generatedToolName,
  generateTools,
  MAX_GENERATED_TOOLS,
  removeTool,
  renameTool,
  restoreSnapshot,
  saveSnapshot,
  scriptBuilder,
} from '../../src/index.js';
import { postModern, resultOf, useLoopback } from '../support/loopback.js';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object' as const },
  ...extra,
});

describe('catalog actions', () => {
  const fixture = useLoopback();

  it('removeTool drops the tool from the list and a call to it becomes an unknown tool (-32602)', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('remove').tools(tool('alpha'), tool('beta')).step('rm', removeTool('beta')).build(),
    );
    const client = await fixture.connect(url, 'legacy');
    server.apply('rm');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['alpha']);
    const reply = await postModern(url, 1, 'tools/call', { name: 'beta', arguments: {} });
    expect(reply.json?.error).toMatchObject({ code: -32602, message: 'Unknown tool: beta' });
  });

  it('renameTool keeps the position and definition under the new name', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('rename')
        .tools(tool('a'), tool('search', { description: 'Find things' }), tool('z'))
        .step('rename', renameTool('search', 'search_v2'))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    server.apply('rename');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['a', 'search_v2', 'z']);
    expect(tools[1]?.description).toBe('Find things');
    const call = await postModern(url, 2, 'tools/call', { name: 'search', arguments: {} });
    expect(call.json?.error).toMatchObject({ code: -32602 });
  });

  it('changeSchema replaces the input schema and adds, then removes, the output schema', async () => {
    const input = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    const output = { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] };
    const { url, server } = await fixture.start(
      scriptBuilder('schema')
        .tools(tool('search'))
        .step('input', changeSchema('search', { inputSchema: input, outputSchema: output }))
        .step('drop-output', changeSchema('search', { outputSchema: null }))
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    server.apply('input');
    let [listed] = (await client.listTools()).tools;
    expect(listed?.inputSchema).toEqual(input);
    expect(listed?.outputSchema).toEqual(output);
    const result = await client.callTool({ name: 'search', arguments: { q: 'x' } });
    expect(result.structuredContent).toEqual({ hits: 0 });
    server.apply('drop-output');
    [listed] = (await client.listTools()).tools;
    expect(listed?.outputSchema).toBeUndefined();
  });

  it('changeMetadata replaces title, description and annotations, and null removes them', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('metadata')
        .tools(
          tool('deploy', { title: 'Deploy', description: 'Ships it', annotations: { readOnlyHint: true } }),
        )
        .step(
          'change',
          changeMetadata('deploy', {
            description: 'Ships it to production',
            annotations: { destructiveHint: true, readOnlyHint: false },
          }),
        )
        .step('strip', changeMetadata('deploy', { title: null, annotations: null }))
        .build(),
    );
    const client = await fixture.connect(url, 'modern');
    server.apply('change');
    let [listed] = (await client.listTools({}, { cacheMode: 'bypass' })).tools;
    expect(listed).toMatchObject({
      title: 'Deploy',
      description: 'Ships it to production',
      annotations: { destructiveHint: true, readOnlyHint: false },
    });
    server.apply('strip');
    [listed] = (await client.listTools({}, { cacheMode: 'bypass' })).tools;
    expect(listed?.title).toBeUndefined();
    expect(listed?.annotations).toBeUndefined();
    expect(listed?.description).toBe('Ships it to production');
  });

  it(`generateTools serves ${MAX_GENERATED_TOOLS} unique tools whose schemas are valid 2020-12 object schemas`, async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('generate').seed(7).step('gen', generateTools(MAX_GENERATED_TOOLS)).build(),
    );
    server.apply('gen');
    expect(server.catalogRevision).toBe(2);
    const reply = await postModern(url, 1, 'tools/list');
    const tools = resultOf<{ tools: Array<Record<string, unknown>> }>(reply).tools;
    expect(tools).toHaveLength(MAX_GENERATED_TOOLS);
    expect(new Set(tools.map((t) => t.name)).size).toBe(MAX_GENERATED_TOOLS);
    expect(tools[0]?.name).toBe(generatedToolName(0));
    expect(tools[9_999]?.name).toBe(generatedToolName(9_999));
    const ajv = new Ajv2020({ strict: true });
    addFormats.default(ajv);
    const sample = tools.filter((_, index) => index % 97 === 0);
    for (const generated of sample) {
      expect(generated.inputSchema).toMatchObject({ type: 'object' });
      expect(() => ajv.compile(generated.inputSchema as object)).not.toThrow();
      if (generated.outputSchema) expect(() => ajv.compile(generated.outputSchema as object)).not.toThrow();
      expect(typeof generated.description).toBe('string');
    }
  });

  it('generateTools is deterministic for a seed and varies schemas, not names, across seeds', async () => {
    const run = async (seed: number) => {
      const { url, server } = await fixture.start(
        scriptBuilder('gen').step('gen', generateTools(50, { seed })).build(),
      );
      server.apply('gen');
      const reply = await postModern(url, 1, 'tools/list');
      return resultOf<{ tools: Array<Record<string, unknown>> }>(reply).tools;
    };
    const [a, b, c] = [await run(1), await run(1), await run(2)];
    expect(a).toEqual(b);
    expect(a.map((t) => t.name)).toEqual(c.map((t) => t.name));
    expect(a).not.toEqual(c);
  });

  it('restoreSnapshot brings back a saved catalog, the initial one, or inline tools', async () => {
    const { url, server } = await fixture.start(
      scriptBuilder('snapshots')
        .tools(tool('alpha'), tool('beta'))
        .step('rm-beta', removeTool('beta'))
        .step('save', saveSnapshot('alpha-only'))
        .step('rename', renameTool('alpha', 'omega'))
        .step('back', restoreSnapshot('alpha-only'))
        .step('initial', restoreSnapshot('initial'))
        .step('inline', restoreSnapshot([tool('gamma')]))
        .build(),
    );
    const client = await fixture.connect(url, 'legacy');
    const list = async () => (await client.listTools()).tools.map((t) => t.name);
    for (const id of ['rm-beta', 'save', 'rename']) server.apply(id);
    expect(await list()).toEqual(['omega']);
    server.apply('back');
    expect(await list()).toEqual(['alpha']);
    server.apply('initial');
    expect(await list()).toEqual(['alpha', 'beta']);
    server.apply('inline');
    expect(await list()).toEqual(['gamma']);
  });

  it('a failing action changes nothing and throws STEP_FAILED', async () => {
    const { server } = await fixture.start(
      scriptBuilder('fail')
        .tools(tool('alpha'), tool('beta'))
        .step('clash', renameTool('alpha', 'beta'))
        .build(),
    );
    expect(() => server.apply('clash')).toThrow(expect.objectContaining({ code: 'STEP_FAILED' }));
    expect(server.catalogRevision).toBe(1);
    expect(server.tools().map((t) => t.name)).toEqual(['alpha', 'beta']);
  });
});
