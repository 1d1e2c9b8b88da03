// ToolshiftContainer against a real Docker engine: the image built from the repository starts, an SDK
// client lists tools through it, a step applied through the admin client changes what the client
// sees, and the container stops cleanly.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { isToolshiftError, type ScriptDocument } from '@toolshift/fake-server';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type StartedToolshiftContainer, ToolshiftContainer } from '../src/index.js';
import { engineUnavailable, toolshiftImage } from './support/toolshift-image.js';

// An engine without a bridge network (loopback only, as in CI here) has no reaper image to pull and
// reaches containers on the host's own addresses.
process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';

const unavailable = engineUnavailable();
if (unavailable) console.warn(`Docker tests skipped: ${unavailable}`);
const bridge =
  unavailable === undefined &&
  spawnSync('docker', ['network', 'inspect', 'bridge'], { encoding: 'utf8' }).status === 0;

const TOOL_ADDED: ScriptDocument = {
  toolshiftScript: 1,
  name: 'tool-added',
  catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
  steps: [
    {
      id: 'add-beta',
      action: { action: 'addTool', tool: { name: 'beta', inputSchema: { type: 'object' } } },
    },
  ],
};

/** Connects an SDK client that re-lists on `list_changed`; `next()` resolves with the names of its next listing. */
async function listingClient(url: string) {
  const listings: string[][] = [];
  const waiters: Array<(names: string[]) => void> = [];
  const client = new Client(
    { name: 'testcontainers-test', version: '1.0.0' },
    {
      listChanged: {
        tools: {
          autoRefresh: true,
          debounceMs: 0,
          onChanged: (_error, tools) => {
            const names = (tools ?? []).map((tool) => tool.name).sort();
            const waiter = waiters.shift();
            if (waiter) waiter(names);
            else listings.push(names);
          },
        },
      },
    },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    next: () =>
      new Promise<string[]>((resolve) => {
        const ready = listings.shift();
        if (ready) resolve(ready);
        else waiters.push(resolve);
      }),
  };
}

describe.skipIf(unavailable !== undefined)(
  unavailable ? `ToolshiftContainer (skipped: ${unavailable})` : 'ToolshiftContainer',
  () => {
    let image = '';
    const started: StartedToolshiftContainer[] = [];
    const clients: Client[] = [];

    beforeAll(() => {
      image = toolshiftImage();
    }, 20 * 60_000);

    afterEach(async () => {
      for (const client of clients.splice(0)) await client.close();
      for (const container of started.splice(0)) await container.stop();
    });

    test('with host networking: an SDK client lists tools, a step through the admin client changes them, the container stops cleanly', async () => {
      const container = await new ToolshiftContainer(image)
        .withScript(TOOL_ADDED)
        .withNetworkMode('host')
        .start();
      expect(container.getMcpUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(container.getAdminUrl()).toBe(`http://127.0.0.1:${container.getPort()}/__toolshift`);
      const { client, next } = await listingClient(container.getMcpUrl());
      clients.push(client);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['alpha']);

      const step = await container.applyStep('add-beta');
      expect(step.kind).toBe('step');
      expect(await next()).toEqual(['alpha', 'beta']);
      expect((await container.status()).catalogRevision).toBe(2);
      const { frames } = await container.transcript({ filter: { method: 'tools/list' } });
      expect(frames.filter((frame) => frame.direction === 'in')).toHaveLength(2);
      expect(container.getLogs()).toContain('toolshift fake server playing /toolshift/script.json');

      await client.close();
      clients.splice(0);
      const stopped = await container.stop({ remove: false });
      const state = JSON.parse(
        spawnSync('docker', ['inspect', '--format', '{{json .State}}', stopped.getId()], { encoding: 'utf8' })
          .stdout,
      ) as { Running: boolean; ExitCode: number };
      spawnSync('docker', ['rm', stopped.getId()]);
      expect(state).toMatchObject({ Running: false, ExitCode: 0 });
    });

    test('a script file, the logical clock and frame waits through the admin client', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'toolshift-tc-'));
      const file = join(dir, 'ticking.yaml');
      writeFileSync(
        file,
        [
          'toolshiftScript: 1',
          'catalog:',
          '  tools:',
          '    - { name: alpha, inputSchema: { type: object } }',
          'steps:',
          '  - id: remove-alpha-at-1s',
          '    trigger: { atTick: 1000 }',
          '    action: { action: removeTool, name: alpha }',
          '',
        ].join('\n'),
      );
      const container = await new ToolshiftContainer(image).withScript(file).withNetworkMode('host').start();
      started.push(container);
      const { client, next } = await listingClient(container.getMcpUrl());
      clients.push(client);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['alpha']);
      expect(await container.advanceClock(1000)).toBe(1000);
      expect(await next()).toEqual([]);
      const stepFrame = await container.waitForFrame({ kind: 'step' }, { timeoutMs: 5_000 });
      expect(stepFrame.seq).toBeGreaterThan(0);
      expect(container.getLogs()).toContain('toolshift fake server playing /toolshift/script.yaml');
    });

    test('an invalid script document is refused before any container starts, naming the pointer and rule', async () => {
      const broken = {
        toolshiftScript: 1,
        catalog: { tools: [{ name: 'alpha' }] },
      } as unknown as ScriptDocument;
      let caught: unknown;
      try {
        new ToolshiftContainer(image).withScript(broken);
      } catch (error) {
        caught = error;
      }
      expect(isToolshiftError(caught, 'SCRIPT_INVALID')).toBe(true);
      expect((caught as Error).message).toContain(
        "/catalog/tools/0 must have required property 'inputSchema'",
      );
    });

    test('an unknown step id comes back from the admin client with its toolshift code', async () => {
      const container = await new ToolshiftContainer(image)
        .withScript(TOOL_ADDED)
        .withNetworkMode('host')
        .start();
      started.push(container);
      const refused = await container.applyStep('no-such-step').catch((error: unknown) => error);
      expect(isToolshiftError(refused, 'SCRIPT_UNKNOWN_STEP')).toBe(true);
    });

    test.skipIf(!bridge)(
      bridge
        ? 'with a mapped port (bridge network): the MCP URL is the mapped host port'
        : 'with a mapped port (skipped: this engine has no bridge network)',
      async () => {
        const container = await new ToolshiftContainer(image).withScript(TOOL_ADDED).start();
        started.push(container);
        expect(container.getPort()).toBe(container.getMappedPort(8080));
        const { client } = await listingClient(container.getMcpUrl());
        clients.push(client);
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['alpha']);
      },
    );
  },
);
