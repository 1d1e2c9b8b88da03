import { removeTool, scriptBuilder } from '@toolshift/fake-server';
import { afterEach, expect, it } from 'vitest';
import { type DiscoveredTool, DiscoveryHost, isToolshiftError } from '../../src/index.js';
import { type FakeEndpoint, nextView, startFakeEndpoint, tool } from './fake-endpoint.js';

let endpoint: FakeEndpoint | undefined;
let host: DiscoveryHost | undefined;
afterEach(async () => {
  await host?.close();
  await endpoint?.close();
});

it('the README host works as written (with a scripted model)', async () => {
  endpoint = await startFakeEndpoint(
    scriptBuilder('readme')
      .tools(
        tool(
          'search',
          { q: { type: 'string' } },
          { inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
        ),
        tool('create_issue', { title: { type: 'string' } }),
        tool('gone'),
      )
      .build(),
  );
  const asked: string[] = [];
  const askUser = (what: string, _args: unknown) => {
    asked.push(what);
    return true;
  };
  const shown: Array<readonly DiscoveredTool[]> = [];
  const notified: string[] = [];
  const ui = {
    showTools: (tools: readonly DiscoveredTool[]) => shown.push(tools),
    notify: (text: string) => notified.push(text),
  };
  const bearerToken = 'token-from-your-vault';
  const chatId = 'chat-1';
  // The "model" asks for three calls: one fine, one with bad arguments, one to a tool that went away.
  const model = async (_request: { tools: readonly unknown[]; messages: unknown[] }) => ({
    toolCalls: [
      { name: 'work__search', input: { q: 'mcp' } },
      { name: 'work__search', input: { q: 42 } },
      { name: 'work__gone', input: {} },
      { name: 'work__create_issue', input: { title: 'x' } },
    ],
  });
  const results: unknown[] = [];
  const asToolError = (errors: unknown) => ({ isError: true, errors });
  let retried = 0;
  const retryTurn = () => retried++;
  const messages: unknown[] = [];

  // --- README code ---
  host = new DiscoveryHost({
    clientInfo: { name: 'my-host', version: '1.0.0' },
    approve: (request) => askUser(`${request.serverId}/${request.toolName}`, request.arguments),
  });
  host.permissions.setToolPolicy({ serverId: 'work', toolName: 'search' }, 'allow');
  await host.addServer({ serverId: 'work', url: endpoint.url, bearerToken, credentialProfileId: 'alice' });
  host.onRegistryChange((tools) => ui.showTools(tools)); // after every atomic swap
  host.onWarning((warning) => ui.notify(`${warning.serverId}: ${warning.message}`));

  const exposure = await host.expose({ provider: 'anthropic', chatId, maxTokens: 8_000 });
  const gone = nextView(host, (tools) => !tools.some((t) => t.name === 'gone'));
  endpoint.server.apply(removeTool('gone')); // the catalog changes while the model thinks
  await gone;
  const reply = await model({ tools: exposure.definitions, messages });
  for (const call of reply.toolCalls) {
    try {
      results.push(await host.callTool(exposure.proposal(call.name, call.input)));
    } catch (error) {
      if (isToolshiftError(error, 'TOOL_ARGUMENTS_INVALID')) results.push(asToolError(error.data.errors));
      else if (isToolshiftError(error, 'TOOL_UNAVAILABLE')) retryTurn();
      else throw error;
    }
  }
  // --- end of README code ---

  expect(results).toEqual([
    expect.objectContaining({ content: [{ type: 'text', text: '{"q":"mcp"}' }] }),
    { isError: true, errors: [expect.objectContaining({ instancePath: '/q', keyword: 'type' })] },
    expect.objectContaining({ content: [{ type: 'text', text: '{"title":"x"}' }] }),
  ]);
  expect(retried).toBe(1);
  expect(asked).toEqual(['work/create_issue']);
  expect(shown.at(-1)!.map((t) => t.name)).toEqual(['search', 'create_issue']);
});
