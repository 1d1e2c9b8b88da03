import { scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { type ApprovalRequest, DiscoveryHost, PermissionPolicy } from '../../src/index.js';
import { type FakeEndpoint, requestsOf, tool } from './fake-endpoint.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'exposure-test', version: '1.0.0' };
const cleanup = testResources();

const { fake } = cleanup;

function newHost(options: Partial<ConstructorParameters<typeof DiscoveryHost>[0]> = {}) {
  const host = new DiscoveryHost({ clientInfo, ...options });
  cleanup.push(() => host.close());
  return host;
}

const callsOn = (endpoint: FakeEndpoint) =>
  requestsOf(endpoint.server.transcript.frames, 'tools/call').length;
const PROVIDERS = ['openai-strict', 'anthropic', 'gemini'] as const;

describe.each(['legacy', 'modern'] as const)('exposure and permissions, %s era', (era) => {
  it('two servers offering send_email get distinct aliases that route to the right server (NM-04)', async () => {
    const a = await fake(
      scriptBuilder('a')
        .tools(tool('send_email', {}, { description: 'Work mail.' }))
        .build(),
    );
    const b = await fake(
      scriptBuilder('b')
        .tools(tool('send_email', {}, { description: 'Personal mail.' }))
        .build(),
    );
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 'work', url: a.url, era });
    await host.addServer({ serverId: 'personal', url: b.url, era });
    for (const provider of PROVIDERS) {
      const exposure = await host.expose({ provider });
      expect(exposure.tools.map((t) => t.alias)).toEqual(['work__send_email', 'personal__send_email']);
    }
    const exposure = await host.expose({ provider: 'openai-strict' });
    await host.callTool(exposure.proposal('personal__send_email', {}));
    expect([callsOn(a), callsOn(b)]).toEqual([0, 1]);
    await host.callTool(exposure.proposal('work__send_email', {}));
    expect([callsOn(a), callsOn(b)]).toEqual([1, 1]);
  });

  it('approving Work/create_issue never approves Personal/create_issue; hints never change policy', async () => {
    const work = await fake(scriptBuilder('w').tools(tool('create_issue')).build());
    const personal = await fake(
      scriptBuilder('p')
        .tools(tool('create_issue', {}, { annotations: { readOnlyHint: true, destructiveHint: false } }))
        .build(),
    );
    const asked: ApprovalRequest[] = [];
    const permissions = new PermissionPolicy({ defaultDecision: 'ask' });
    permissions.setToolPolicy({ serverId: 'work', toolName: 'create_issue' }, 'allow');
    const host = newHost({
      permissions,
      approve: (request) => {
        asked.push(request);
        return false;
      },
    });
    await host.addServer({ serverId: 'work', url: work.url, era });
    await host.addServer({ serverId: 'personal', url: personal.url, era });
    await host.callTool({ serverId: 'work', toolName: 'create_issue', arguments: {} });
    const refused = await host
      .callTool({ serverId: 'personal', toolName: 'create_issue', arguments: { x: 1 } })
      .catch((e) => e);
    expect(refused).toMatchObject({
      code: 'TOOL_PERMISSION_DENIED',
      data: { serverId: 'personal', decision: 'ask' },
    });
    expect(asked).toEqual([
      expect.objectContaining({
        serverId: 'personal',
        toolName: 'create_issue',
        contractHash: host.tool('personal', 'create_issue')!.contractHash,
        arguments: { x: 1 },
        annotations: { readOnlyHint: true, destructiveHint: false },
      }),
    ]);
    expect(callsOn(personal)).toBe(0);
  });

  it('a server disabled for a chat is neither exposed nor callable there, and is filtered before serialization', async () => {
    const work = await fake(scriptBuilder('w').tools(tool('search')).build());
    const secret = await fake(
      scriptBuilder('s')
        .tools(tool('read_diary', {}, { description: 'Private diary.' }))
        .build(),
    );
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 'work', url: work.url, era });
    await host.addServer({ serverId: 'diary', url: secret.url, era });
    host.permissions.setServerEnabled('chat-1', 'diary', false);
    const exposure = await host.expose({ provider: 'anthropic', chatId: 'chat-1' });
    expect(JSON.stringify(exposure.definitions)).not.toMatch(/diary/i);
    expect(exposure.withheld).toEqual([
      { serverId: 'diary', toolName: 'read_diary', reason: 'server-disabled' },
    ]);
    const denied = await host
      .callTool({ serverId: 'diary', toolName: 'read_diary', arguments: {}, chatId: 'chat-1' })
      .catch((e) => e);
    expect(denied).toMatchObject({
      code: 'TOOL_PERMISSION_DENIED',
      data: { decision: 'server-disabled', chatId: 'chat-1' },
    });
    expect(callsOn(secret)).toBe(0);
    expect((await host.expose({ provider: 'anthropic', chatId: 'chat-2' })).tools).toHaveLength(2);
  });

  it('maps the nulls of OpenAI strict mode back to absent optional arguments', async () => {
    const endpoint = await fake(
      scriptBuilder('opt')
        .tools({
          name: 'search',
          inputSchema: {
            type: 'object',
            properties: { q: { type: 'string' }, limit: { type: 'integer' } },
            required: ['q'],
          },
        })
        .build(),
    );
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 's', url: endpoint.url, era });
    const exposure = await host.expose({ provider: 'openai-strict' });
    const result = await host.callTool(exposure.proposal('s__search', { q: 'mcp', limit: null }));
    expect(result.content).toEqual([{ type: 'text', text: '{"q":"mcp"}' }]);
  });

  it('budgets context per server and exposes a subset of a huge catalog', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      tool(`tool_${i}`, { q: { type: 'string', description: 'A query.' } }),
    );
    const big = await fake(
      scriptBuilder('big')
        .tools(...many)
        .pageSize(100)
        .build(),
    );
    const small = await fake(scriptBuilder('small').tools(tool('only')).build());
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 'big', url: big.url, era });
    await host.addServer({ serverId: 'small', url: small.url, era });
    // Past the adapter's default tool-count cap (128), which the next test covers.
    const full = await host.expose({ provider: 'anthropic', maxTools: 400, record: false });
    expect(full.tools).toHaveLength(301);
    expect(full.budget.perServer.big).toBeGreaterThan(full.budget.perServer.small! * 100);
    const limited = await host.expose({ provider: 'anthropic', maxTools: 400, maxTokens: 2_000 });
    expect(limited.budget.estimatedTokens).toBeLessThanOrEqual(2_000);
    expect(limited.tools.length).toBeGreaterThan(0);
    expect(limited.withheld.filter((w) => w.reason === 'budget').length).toBe(301 - limited.tools.length);
    const chosen = await host.expose({
      provider: 'anthropic',
      select: (t) => t.serverId === 'small' || t.name === 'tool_7',
    });
    expect(chosen.tools.map((t) => t.alias)).toEqual(['big__tool_7', 'small__only']);
  });

  it("never builds a request past the provider's tool-count limit: a fair share per server, the rest reported, or blocked (LG-02)", async () => {
    const crm = await fake(
      scriptBuilder('crm')
        .tools(...Array.from({ length: 70 }, (_, i) => tool(`crm_${i}`)))
        .build(),
    );
    const erp = await fake(
      scriptBuilder('erp')
        .tools(...Array.from({ length: 70 }, (_, i) => tool(`erp_${i}`)))
        .build(),
    );
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    await host.addServer({ serverId: 'crm', url: crm.url, era });
    await host.addServer({ serverId: 'erp', url: erp.url, era });
    for (const provider of PROVIDERS) {
      const exposure = await host.expose({ provider });
      // What the user is shown is what is sent: 128 definitions, 64 from each server.
      expect(exposure.definitions).toHaveLength(128);
      expect(exposure.tools).toHaveLength(128);
      expect(exposure.budget.maxTools).toBe(128);
      expect(exposure.tools.filter((t) => t.serverId === 'crm')).toHaveLength(64);
      const deferred = exposure.withheld.filter((w) => w.reason === 'tool-limit');
      expect(deferred.map((w) => `${w.serverId}/${w.toolName}`)).toEqual([
        ...Array.from({ length: 6 }, (_, i) => `crm/crm_${64 + i}`),
        ...Array.from({ length: 6 }, (_, i) => `erp/erp_${64 + i}`),
      ]);
      expect(deferred[0]!.detail).toContain(`${provider} takes at most 128 tools per request`);
    }
    // A host that knows its model takes fewer (or more) says so.
    expect((await host.expose({ provider: 'openai-strict', maxTools: 40 })).tools).toHaveLength(40);
    expect((await host.expose({ provider: 'anthropic', maxTools: 200 })).tools).toHaveLength(140);
    // Selecting fewer tools than the limit defers nothing.
    const chosen = await host.expose({ provider: 'openai-strict', select: (t) => t.serverId === 'erp' });
    expect(chosen.tools).toHaveLength(70);
    expect(chosen.withheld.filter((w) => w.reason === 'tool-limit')).toEqual([]);
    // Or the host blocks before building anything, with a message the user can act on.
    await expect(host.expose({ provider: 'openai-strict', onToolLimit: 'block' })).rejects.toMatchObject({
      code: 'PROVIDER_TOOL_LIMIT',
      data: { provider: 'openai-strict', maxTools: 128, eligible: 140 },
      message: expect.stringContaining('select'),
    });
    await expect(host.expose({ provider: 'openai-strict', maxTools: -1 })).rejects.toMatchObject({
      code: 'HOST_INVALID_CONFIG',
    });
  });

  it('keeps schemas the gate rejects out, and withholds per provider what a provider cannot express (SC-01/03/04)', async () => {
    const padding = Array.from({ length: 10 }, (_, i) => tool(`ok_${i}`));
    const endpoint = await fake(
      scriptBuilder('schemas')
        .tools(
          ...padding,
          { name: 'tags', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } },
          {
            name: 'undefined_required',
            inputSchema: {
              type: 'object',
              properties: { query: { type: 'string' } },
              required: ['query', 'limit'],
            },
          },
          {
            name: 'bad_required',
            inputSchema: { type: 'object', properties: { q: { type: 'string', required: false } } },
          },
          {
            name: 'refs',
            inputSchema: {
              type: 'object',
              properties: {
                item: { $ref: '#/$defs/Item' },
                maybe: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Item' }] },
              },
              required: ['item', 'maybe'],
              $defs: { Item: { type: 'object', properties: { id: { type: 'string' } } } },
            },
          },
        )
        .build(),
    );
    const host = newHost({ permissions: { defaultDecision: 'allow' } });
    const state = await host.addServer({ serverId: 's', url: endpoint.url, era });
    expect(state).toMatchObject({ state: 'ready', toolCount: 12, excludedCount: 2 });
    expect(host.snapshot('s')!.excluded.map((e) => [e.name, e.reason])).toEqual([
      ['undefined_required', 'required-undefined-property'],
      ['bad_required', 'invalid-schema'],
    ]);
    const anthropic = await host.expose({ provider: 'anthropic' });
    expect(anthropic.tools).toHaveLength(12);
    for (const provider of ['openai-strict', 'gemini'] as const) {
      const exposure = await host.expose({ provider });
      expect(exposure.withheld).toEqual([
        expect.objectContaining({
          toolName: 'tags',
          reason: 'adaptation-failed',
          detail: expect.stringContaining('array-without-items'),
        }),
      ]);
      expect(exposure.tools.map((t) => t.toolName)).toContain('refs');
      expect(exposure.tools).toHaveLength(11);
    }
  });

  it('rejects unknown providers and aliases clearly', async () => {
    const host = newHost();
    await expect(host.expose({ provider: 'nope' })).rejects.toMatchObject({ code: 'PROVIDER_UNKNOWN' });
    const exposure = await host.expose({ provider: 'gemini' });
    expect(() => exposure.proposal('made_up', {})).toThrow(
      expect.objectContaining({ code: 'PROVIDER_ALIAS_UNKNOWN' }),
    );
  });
});
