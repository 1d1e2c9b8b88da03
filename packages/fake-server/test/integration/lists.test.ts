import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  addPrompt,
  addResource,
  addTool,
  changePrompt,
  removeResource,
  scriptBuilder,
  updateResource,
} from '../../src/index.js';
import { forEachCell } from '../matrix/for-each-cell.js';
import { SpecFrameValidator } from '../support/spec-frame-validator.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
const validator = new SpecFrameValidator();

const script = () =>
  scriptBuilder('lists')
    .tools(tool('alpha'))
    .resources(
      {
        uri: 'file:///readme.md',
        name: 'readme',
        mimeType: 'text/markdown',
        contents: [{ text: '# Hello' }],
      },
      { uri: 'file:///logo.png', name: 'logo', contents: [{ mimeType: 'image/png', blob: 'iVBORw0K' }] },
      { uri: 'file:///notes.txt', name: 'notes' },
    )
    .resourceTemplates({ uriTemplate: 'file:///docs/{name}', name: 'docs', mimeType: 'text/plain' })
    .prompts(
      {
        name: 'greet',
        description: 'Greets someone',
        arguments: [{ name: 'who', required: true }],
        messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to {{who}}.' } }],
      },
      { name: 'plain' },
    )
    .step('add-resource', addResource({ uri: 'file:///new.txt', name: 'new' }))
    .step('remove-resource', removeResource('file:///notes.txt'))
    .step('add-prompt', addPrompt({ name: 'farewell' }))
    .step('change-prompt', changePrompt('plain', { description: 'Now described', title: null }))
    .step('update-readme', updateResource('file:///readme.md', { contents: [{ text: '# Changed' }] }))
    .build();

/** Counts notifications of `method` a client receives. */
function count(client: Client, method: string): () => number {
  let seen = 0;
  client.setNotificationHandler(method as never, () => {
    seen += 1;
  });
  return () => seen;
}

describe('resources, resource templates and prompts', () => {
  forEachCell({}, (cell) => {
    it('are listed, read and got with the results the spec schema of the era allows', async () => {
      const { client, server } = await cell.start(script());
      const capabilities = client.getServerCapabilities();
      expect(capabilities?.resources).toEqual({ subscribe: true, listChanged: true });
      expect(capabilities?.prompts).toEqual({ listChanged: true });

      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual([
        'file:///readme.md',
        'file:///logo.png',
        'file:///notes.txt',
      ]);
      expect(resources[0]).not.toHaveProperty('contents');
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['file:///docs/{name}']);

      const readme = await client.readResource({ uri: 'file:///readme.md' });
      expect(readme.contents).toEqual([
        { uri: 'file:///readme.md', mimeType: 'text/markdown', text: '# Hello' },
      ]);
      const logo = await client.readResource({ uri: 'file:///logo.png' });
      expect(logo.contents).toEqual([{ uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0K' }]);
      const templated = await client.readResource({ uri: 'file:///docs/intro' });
      expect(templated.contents).toEqual([
        { uri: 'file:///docs/intro', mimeType: 'text/plain', text: 'docs: file:///docs/intro' },
      ]);
      await expect(client.readResource({ uri: 'file:///nowhere' })).rejects.toThrow(/Resource not found/);

      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['greet', 'plain']);
      expect(prompts[0]).not.toHaveProperty('messages');
      const greet = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
      expect(greet.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'Say hello to Ada.' } },
      ]);
      expect(greet.description).toBe('Greets someone');
      await expect(client.getPrompt({ name: 'greet', arguments: {} })).rejects.toThrow(/needs the argument/);

      expect(validator.check(server.transcript.frames)).toEqual([]);
    });

    it('changes are announced with each family’s list_changed, and subscribers hear of updates', async () => {
      const { client, server } = await cell.start(script());
      const resourcesChanged = count(client, 'notifications/resources/list_changed');
      const promptsChanged = count(client, 'notifications/prompts/list_changed');
      const toolsChanged = count(client, 'notifications/tools/list_changed');
      const updated: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', (notification) => {
        updated.push(notification.params.uri);
      });
      if (cell.era === 'modern') {
        await client.listen({
          toolsListChanged: true,
          resourcesListChanged: true,
          promptsListChanged: true,
          resourceSubscriptions: ['file:///readme.md'],
        });
      } else {
        await client.subscribeResource({ uri: 'file:///readme.md' });
        await server.waitFor(
          (f) => f.kind === 'stream-open' || f.transport === 'stdio' || f.transport === 'in-memory',
        );
      }
      server.apply('add-resource');
      server.apply('remove-resource');
      server.apply('add-prompt');
      server.apply('change-prompt');
      server.apply('update-readme');
      await expect
        .poll(() => [resourcesChanged(), promptsChanged(), updated])
        .toEqual([2, 2, ['file:///readme.md']]);
      expect(toolsChanged()).toBe(0);
      expect(server.catalogRevision).toBe(1);
      expect(server.list('resources').revision).toBe(4);

      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual([
        'file:///readme.md',
        'file:///logo.png',
        'file:///new.txt',
      ]);
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => [p.name, p.description ?? null])).toEqual([
        ['greet', 'Greets someone'],
        ['plain', 'Now described'],
        ['farewell', null],
      ]);
      const readme = await client.readResource({ uri: 'file:///readme.md' });
      expect(readme.contents[0]).toMatchObject({ text: '# Changed' });
      expect(validator.check(server.transcript.frames)).toEqual([]);
    });

    it('a list the script does not serve answers -32601, as before', async () => {
      const { client } = await cell.start(scriptBuilder('tools-only').tools(tool('alpha')).build());
      expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: true } });
      // The SDK's listResources() answers [] by itself without the capability: ask on the wire.
      await expect(client.request({ method: 'resources/list', params: {} })).rejects.toThrow(
        /Method not found/,
      );
      await expect(client.request({ method: 'prompts/get', params: { name: 'x' } })).rejects.toThrow(
        /Method not found/,
      );
    });
  });

  forEachCell({ transports: ['http', 'stdio'] }, (cell) => {
    it('a script sets the capabilities exactly, wrong flags and all, and changes are still announced', async () => {
      const { client, server } = await cell.start(
        scriptBuilder('exact')
          .tools(tool('alpha'))
          .capabilities({ tools: {}, experimental: { 'dev.toolshift/odd': {} } })
          .step('add', addTool(tool('beta')))
          .build(),
      );
      expect(client.getServerCapabilities()).toEqual({
        tools: {},
        experimental: { 'dev.toolshift/odd': {} },
      });
      const changed = count(client, 'notifications/tools/list_changed');
      if (cell.era === 'modern') await client.listen({ toolsListChanged: true });
      else await client.listTools();
      server.apply('add');
      await expect.poll(changed).toBe(1);
    });

    it('each list pages on its own: per-list page sizes, and a cursor of one list is no cursor of another', async () => {
      const { client, server } = await cell.start(
        scriptBuilder('paged')
          .tools(tool('a'), tool('b'), tool('c'))
          .prompts({ name: 'p1' }, { name: 'p2' }, { name: 'p3' })
          .pagination({ pageSize: 2, lists: { prompts: { pageSize: 1 } } })
          .build(),
      );
      // The SDK walks every page: the wire shows each list paged by its own size.
      expect((await client.listTools()).tools).toHaveLength(3);
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['p1', 'p2', 'p3']);
      const pages = (key: 'tools' | 'prompts') =>
        server.transcript.frames
          .filter((f) => f.direction === 'out' && f.message && 'result' in f.message)
          .map((f) => (f.message as { result: Record<string, unknown> }).result)
          .filter((result) => key in result);
      expect(pages('tools').map((r) => (r.tools as unknown[]).length)).toEqual([2, 1]);
      expect(pages('prompts').map((r) => (r.prompts as unknown[]).length)).toEqual([1, 1, 1]);
      const toolsCursor = pages('tools')[0]?.nextCursor as string;
      await expect(
        client.request({ method: 'prompts/list', params: { cursor: toolsCursor } }),
      ).rejects.toThrow(/Invalid cursor/);
    });
  });
});
