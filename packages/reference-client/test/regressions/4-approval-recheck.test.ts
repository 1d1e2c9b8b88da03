// Regression (issue 4): after an asynchronous approval the call was sent without looking at the
// registry again, so a tool removed, re-schemaed or denied while the user was deciding still ran
// with the approval given for the old contract.
import { changeMetadata, changeSchema, removeTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { type ApprovalRequest, type Approver, DiscoveryHost } from '../../src/index.js';
import {
  type FakeEndpoint,
  nextView,
  requestsOf,
  startFakeEndpoint,
  tool,
} from '../integration/fake-endpoint.js';
import { testResources } from '../integration/test-resources.js';

const clientInfo = { name: 'approval-recheck-test', version: '1.0.0' };
const cleanup = testResources();

const TITLE = { title: { type: 'string' } };
const calls = (endpoint: FakeEndpoint) => requestsOf(endpoint.server.transcript.frames, 'tools/call');

describe.each(['legacy', 'modern'] as const)('an approval that takes a while, %s era', (era) => {
  /** A host whose approver runs `meanwhile` (a server change it waits to see) before saying yes. */
  async function setup(
    meanwhile: (endpoint: FakeEndpoint, host: DiscoveryHost, round: number) => Promise<void>,
  ) {
    const endpoint = await startFakeEndpoint(
      scriptBuilder('approval').tools(tool('create_issue', TITLE)).build(),
    );
    cleanup.push(() => endpoint.close());
    const asked: ApprovalRequest[] = [];
    let host!: DiscoveryHost;
    const approve: Approver = async (request) => {
      asked.push(request);
      await meanwhile(endpoint, host, asked.length);
      return true;
    };
    host = new DiscoveryHost({ clientInfo, approve });
    cleanup.push(() => host.close());
    await host.addServer({ serverId: 'work', url: endpoint.url, era });
    return { endpoint, host, asked };
  }

  /** Applies `step` on the server and resolves once the host's registry shows `until`. */
  async function change(
    endpoint: FakeEndpoint,
    host: DiscoveryHost,
    step: Parameters<FakeEndpoint['server']['apply']>[0],
    until: (tool: ReturnType<DiscoveryHost['tool']>) => boolean,
  ) {
    const seen = nextView(host, () => until(host.tool('work', 'create_issue')));
    endpoint.server.apply(step);
    await seen;
  }

  const proposal = { serverId: 'work', toolName: 'create_issue', arguments: { title: 'Bug' } };

  it('a tool removed meanwhile is unavailable, and no call is sent', async () => {
    const { endpoint, host } = await setup((e, h) => change(e, h, removeTool('create_issue'), (t) => !t));
    await expect(host.callTool(proposal)).rejects.toMatchObject({ code: 'TOOL_UNAVAILABLE' });
    expect(calls(endpoint)).toEqual([]);
  });

  it('a contract changed meanwhile is re-validated: arguments that no longer fit are rejected', async () => {
    const { endpoint, host, asked } = await setup((e, h) =>
      change(
        e,
        h,
        changeSchema('create_issue', {
          inputSchema: {
            type: 'object',
            properties: { ...TITLE, body: { type: 'string' } },
            required: ['body'],
          },
        }),
        (t) => t?.inputSchema.required !== undefined,
      ),
    );
    await expect(host.callTool(proposal)).rejects.toMatchObject({
      code: 'TOOL_ARGUMENTS_INVALID',
      data: { contractChanged: true },
    });
    expect(asked).toHaveLength(1);
    expect(calls(endpoint)).toEqual([]);
  });

  it('a contract changed meanwhile is put to the user again, then sent against the new contract', async () => {
    const { endpoint, host, asked } = await setup(async (e, h, round) => {
      if (round === 1) {
        await change(
          e,
          h,
          changeMetadata('create_issue', { description: 'Creates an issue and notifies every watcher.' }),
          (t) => t?.description?.includes('watcher') === true,
        );
      }
    });
    await host.callTool(proposal);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.description).toContain('watcher');
    expect(asked[1]!.contractHash).not.toBe(asked[0]!.contractHash);
    expect(asked[1]!.contractHash).toBe(host.tool('work', 'create_issue')!.contractHash);
    expect(calls(endpoint)).toHaveLength(1);
  });

  it('a contract that keeps changing while the user decides is never sent (TOOL_CONTRACT_STALE)', async () => {
    const { endpoint, host, asked } = await setup((e, h, round) =>
      change(
        e,
        h,
        changeMetadata('create_issue', { description: `Revision ${round}.` }),
        (t) => t?.description === `Revision ${round}.`,
      ),
    );
    await expect(host.callTool(proposal)).rejects.toMatchObject({ code: 'TOOL_CONTRACT_STALE' });
    expect(asked).toHaveLength(2);
    expect(calls(endpoint)).toEqual([]);
  });

  it('a deny rule set meanwhile wins over the approval', async () => {
    const { endpoint, host } = await setup(async (_e, h) => {
      h.permissions.setToolPolicy({ serverId: 'work', toolName: 'create_issue' }, 'deny');
    });
    await expect(host.callTool(proposal)).rejects.toMatchObject({
      code: 'TOOL_PERMISSION_DENIED',
      data: { decision: 'deny' },
    });
    expect(calls(endpoint)).toEqual([]);
  });
});
