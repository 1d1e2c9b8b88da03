import { addTool, changeSchema, removeTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost } from '../../src/index.js';
import { type FakeEndpoint, nextView, requestsOf, tool } from './fake-endpoint.js';
import { startHostilePeer } from './hostile-peer.js';
import { ManualClock } from './manual-clock.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'execution-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' }, ...options });
  cleanup.push(() => host.close());
  return host;
}

const calls = (endpoint: FakeEndpoint) => requestsOf(endpoint.server.transcript.frames, 'tools/call');

describe.each(['legacy', 'modern'] as const)('execution path, %s era', (era) => {
  it('a removed tool is a capability change, never redirected to a similar name', async () => {
    const endpoint = await fake(
      scriptBuilder('invoice').tools(tool('create_invoice'), tool('create_invoice_v2')).build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'billing', url: endpoint.url, era });
    const exposure = await host.expose({ provider: 'openai-strict' });
    const proposal = exposure.proposal('billing__create_invoice', {});
    const removed = nextView(host, (tools) => !tools.some((t) => t.name === 'create_invoice'));
    endpoint.server.apply(removeTool('create_invoice'));
    await removed;
    const error = await host.callTool(proposal).catch((e) => e);
    expect(error).toMatchObject({
      code: 'TOOL_UNAVAILABLE',
      data: {
        serverId: 'billing',
        toolName: 'create_invoice',
        discoveryRevision: proposal.discoveryRevision,
      },
    });
    expect(calls(endpoint)).toHaveLength(0);
  });

  it('a changed contract re-validates the arguments against the current schema', async () => {
    const endpoint = await fake(
      scriptBuilder('pay')
        .tools(
          tool(
            'pay',
            { amount: { type: 'integer' } },
            {
              inputSchema: {
                type: 'object',
                properties: { amount: { type: 'integer' } },
                required: ['amount'],
              },
            },
          ),
        )
        .build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 'bank', url: endpoint.url, era });
    const shown = host.tool('bank', 'pay')!.contractHash;
    const changed = nextView(host, (tools) =>
      tools.some((t) => t.name === 'pay' && t.contractHash !== shown),
    );
    endpoint.server.apply(
      changeSchema('pay', {
        inputSchema: {
          type: 'object',
          properties: { amount_cents: { type: 'integer' }, currency: { type: 'string' } },
          required: ['amount_cents', 'currency'],
          additionalProperties: false,
        },
      }),
    );
    await changed;
    const stale = await host
      .callTool({ serverId: 'bank', toolName: 'pay', discoveryRevision: shown, arguments: { amount: 10 } })
      .catch((e) => e);
    expect(stale).toMatchObject({ code: 'TOOL_ARGUMENTS_INVALID', data: { contractChanged: true } });
    expect(calls(endpoint)).toHaveLength(0);
    const fixed = await host.callTool({
      serverId: 'bank',
      toolName: 'pay',
      discoveryRevision: shown,
      arguments: { amount_cents: 1000, currency: 'USD' },
    });
    expect(fixed.content).toEqual([{ type: 'text', text: '{"amount_cents":1000,"currency":"USD"}' }]);
    const outcomes = host.audit.records().flatMap((r) => (r.type === 'revalidation' ? [r.outcome] : []));
    expect(outcomes).toEqual(['rejected', 'revalidated']);
  });

  it('validates arguments before anything is sent', async () => {
    const endpoint = await fake(
      scriptBuilder('args')
        .tools(
          tool(
            'search',
            { q: { type: 'string' } },
            { inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
          ),
        )
        .build(),
    );
    const host = newHost();
    await host.addServer({ serverId: 's', url: endpoint.url, era });
    for (const args of [{}, { q: 5 }, null, []] as unknown[]) {
      const error = await host
        .callTool({ serverId: 's', toolName: 'search', arguments: args as Record<string, unknown> })
        .catch((e) => e);
      expect(error.code).toBe('TOOL_ARGUMENTS_INVALID');
    }
    expect(calls(endpoint)).toHaveLength(0);
  });

  it('re-lists a destructive tool’s expired contract before running it, and only that', async () => {
    const clock = new ManualClock();
    const endpoint = await fake(
      scriptBuilder('ttl')
        .server({ toolsListChanged: false })
        .tools(tool('drop_table'), tool('read_table', {}, { annotations: { readOnlyHint: true } }))
        .freshness({ ttlMs: 1_000 })
        .build(),
    );
    const host = newHost({ clock, freshness: { legacyTtlMs: 1_000 } });
    await host.addServer({ serverId: 'db', url: endpoint.url, era });
    clock.advance(2_000);
    const listsBefore = requestsOf(endpoint.server.transcript.frames, 'tools/list').length;
    await host.callTool({ serverId: 'db', toolName: 'read_table', arguments: {} });
    expect(requestsOf(endpoint.server.transcript.frames, 'tools/list')).toHaveLength(listsBefore);
    await host.callTool({ serverId: 'db', toolName: 'drop_table', arguments: {} });
    const frames = endpoint.server.transcript.frames;
    const lastList = requestsOf(frames, 'tools/list').at(-1)!;
    const lastCall = calls(endpoint).at(-1)!;
    expect(requestsOf(frames, 'tools/list')).toHaveLength(listsBefore + 1);
    expect(lastList.seq).toBeLessThan(lastCall.seq);
    expect(
      host.audit
        .records()
        .filter((r) => r.type === 'revalidation')
        .map((r) => r.type === 'revalidation' && r.outcome),
    ).toEqual(['revalidated', 'refreshed']);
  });

  it('refuses a destructive call whose expired contract cannot be refreshed', async () => {
    const clock = new ManualClock();
    let down = false;
    const peer = await startHostilePeer({
      tools: [{ name: 'wipe', inputSchema: { type: 'object' } }],
      on: {
        'tools/list': (_request, res) => {
          if (!down) return false;
          res.writeHead(503).end();
          return true;
        },
      },
    });
    cleanup.push(() => peer.close());
    const host = newHost({ clock, freshness: { legacyTtlMs: 1_000, maxTtlMs: 1_000 } });
    await host.addServer({ serverId: 'p', url: peer.url, era });
    down = true;
    clock.advance(5_000);
    const error = await host.callTool({ serverId: 'p', toolName: 'wipe', arguments: {} }).catch((e) => e);
    expect(error).toMatchObject({
      code: 'TOOL_CONTRACT_STALE',
      data: { failure: { kind: 'server-bug', httpStatus: 503 } },
    });
    expect(peer.calls('tools/call')).toHaveLength(0);
  });

  it('validates structured output only when the result is not an error', async () => {
    const outputSchema = { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
    const peer = await startHostilePeer({
      tools: [
        {
          name: 'sum',
          inputSchema: { type: 'object', properties: { mode: { type: 'string' } } },
          outputSchema,
        },
      ],
      on: {
        'tools/call': (request, res, self) => {
          const mode = (request.params?.arguments as { mode?: string })?.mode;
          const result =
            mode === 'good'
              ? { content: [{ type: 'text', text: '{"total":3}' }], structuredContent: { total: 3 } }
              : mode === 'bad'
                ? { content: [{ type: 'text', text: '{}' }], structuredContent: { total: 'three' } }
                : mode === 'missing'
                  ? { content: [{ type: 'text', text: 'no structure' }] }
                  : {
                      content: [{ type: 'text', text: 'it broke' }],
                      structuredContent: { nonsense: true },
                      isError: true,
                    };
          self.reply(res, request, result);
          return true;
        },
      },
    });
    cleanup.push(() => peer.close());
    const host = newHost();
    await host.addServer({ serverId: 'calc', url: peer.url, era });
    const call = (mode: string) => host.callTool({ serverId: 'calc', toolName: 'sum', arguments: { mode } });
    expect((await call('good')).structuredContent).toEqual({ total: 3 });
    await expect(call('bad')).rejects.toMatchObject({ code: 'TOOL_OUTPUT_INVALID' });
    await expect(call('missing')).rejects.toMatchObject({
      code: 'TOOL_OUTPUT_INVALID',
      message: expect.stringContaining('returned no structuredContent although its outputSchema requires it'),
      data: { errors: [{ keyword: 'required', instancePath: '' }] },
    });
    expect((await call('error')).isError).toBe(true);
    const outcomes = host.audit.records().flatMap((r) => (r.type === 'call' ? [r.outcome] : []));
    expect(outcomes).toEqual(['ok', 'output-invalid', 'output-invalid', 'tool-error']);
  });

  it('validates output against the current contract: the validator follows an outputSchema change', async () => {
    const v1 = { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
    const v2 = { type: 'object', properties: { total: { type: 'string' } }, required: ['total'] };
    const tools = [{ name: 'sum', inputSchema: { type: 'object' }, outputSchema: v1 }];
    const peer = await startHostilePeer({
      tools,
      on: {
        'tools/call': (request, res, self) => {
          self.reply(res, request, {
            content: [{ type: 'text', text: '3' }],
            structuredContent: { total: 3 },
          });
          return true;
        },
      },
    });
    cleanup.push(() => peer.close());
    const host = newHost();
    await host.addServer({ serverId: 'calc', url: peer.url, era });
    const call = () => host.callTool({ serverId: 'calc', toolName: 'sum', arguments: {} });
    expect((await call()).structuredContent).toEqual({ total: 3 });
    const before = host.tool('calc', 'sum')!.contractHash;
    tools[0]!.outputSchema = v2;
    await host.refresh('calc');
    const after = host.tool('calc', 'sum')!.contractHash;
    expect(after).not.toBe(before);
    await expect(call()).rejects.toMatchObject({
      code: 'TOOL_OUTPUT_INVALID',
      data: { contractHash: after, errors: [expect.objectContaining({ instancePath: '/total' })] },
    });
  });

  it('classifies a protocol error from tools/call and re-lists, since the list probably changed', async () => {
    const peer = await startHostilePeer({
      tools: [{ name: 'ghost', inputSchema: { type: 'object' } }],
      on: {
        'tools/call': (request, res, self) => {
          self.error(res, request, 200, -32602, 'Unknown tool: ghost');
          return true;
        },
      },
    });
    cleanup.push(() => peer.close());
    const host = newHost();
    await host.addServer({ serverId: 'g', url: peer.url, era });
    const error = await host.callTool({ serverId: 'g', toolName: 'ghost', arguments: {} }).catch((e) => e);
    expect(error).toMatchObject({
      code: 'TOOL_CALL_FAILED',
      data: { failure: { kind: 'malformed-response', rpcCode: -32602 } },
    });
    await expect.poll(() => peer.calls('tools/list').length).toBe(2);
  });

  it('records proposal, revalidation and call with the real identity and contract hash', async () => {
    const endpoint = await fake(scriptBuilder('audit').tools(tool('search')).build());
    const host = newHost();
    await host.addServer({ serverId: 'work', url: endpoint.url, era });
    const exposure = await host.expose({ provider: 'gemini', chatId: 'c1' });
    await host.callTool(exposure.proposal('work__search', {}));
    const hash = host.tool('work', 'search')!.contractHash;
    const records = host.audit
      .records()
      .filter((r) => ['exposure', 'proposal', 'revalidation', 'call'].includes(r.type));
    expect(records).toEqual([
      expect.objectContaining({
        type: 'exposure',
        provider: 'gemini',
        chatId: 'c1',
        tools: [{ serverId: 'work', toolName: 'search', contractHash: hash, alias: 'work__search' }],
      }),
      expect.objectContaining({
        type: 'proposal',
        serverId: 'work',
        toolName: 'search',
        discoveryRevision: hash,
        alias: 'work__search',
        chatId: 'c1',
      }),
      expect.objectContaining({
        type: 'revalidation',
        serverId: 'work',
        toolName: 'search',
        contractHash: hash,
        outcome: 'unchanged',
      }),
      expect.objectContaining({
        type: 'call',
        serverId: 'work',
        toolName: 'search',
        contractHash: hash,
        outcome: 'ok',
      }),
    ]);
  });
});

describe('execution path, stale session', () => {
  it('a new tool announced mid-session is callable in the same session (LC-06)', async () => {
    const endpoint = await fake(scriptBuilder('toolset').tools(tool('enable_toolset')).build());
    const host = newHost();
    await host.addServer({ serverId: 'w', url: endpoint.url });
    const added = nextView(host, (tools) => tools.some((t) => t.name === 'extra'));
    endpoint.server.apply(addTool(tool('extra')));
    await added;
    const exposure = await host.expose({ provider: 'openai-strict' });
    const result = await host.callTool(exposure.proposal('w__extra', {}));
    expect(result.isError).toBe(false);
  });
});
