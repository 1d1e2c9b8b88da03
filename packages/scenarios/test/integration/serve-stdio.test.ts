import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createAdminHttpClient } from '@toolshift/fake-server';
import { afterEach, describe, expect, test } from 'vitest';
import { toolshiftNodeArgs } from '../support/cli-command.js';

function scriptFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolshift-serve-'));
  const file = join(dir, 'script.yaml');
  writeFileSync(
    file,
    [
      'toolshiftScript: 1',
      'catalog:',
      '  tools:',
      '    - name: alpha',
      '      inputSchema: { type: object }',
      '',
    ].join('\n'),
  );
  return file;
}

/** Reads a URL the CLI prints on stderr after `label` (`admin API`, `OPENAI_BASE_URL=`). */
function urlFrom(transport: StdioClientTransport, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const stderr = transport.stderr;
    if (!stderr) return reject(new Error('no stderr'));
    stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = new RegExp(`${label}(http://\\S+)`).exec(text);
      if (match) resolve(match[1]!);
    });
  });
}

describe('toolshift serve --stdio', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });

  // One era here (each spawns the CLI); the era × transport matrix lives in fake-server.
  for (const era of ['modern'] as const) {
    test(`an SDK client that spawns the CLI lists tools and is told of a change made over the admin API (${era})`, async () => {
      let changed!: (names: string[]) => void;
      const names = new Promise<string[]>((resolve) => {
        changed = resolve;
      });
      const client = new Client(
        { name: 'serve-stdio-test', version: '1.0.0' },
        {
          ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
          listChanged: {
            tools: {
              autoRefresh: true,
              debounceMs: 0,
              onChanged: (_e, tools) => tools && changed(tools.map((t) => t.name)),
            },
          },
        },
      );
      clients.push(client);
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: toolshiftNodeArgs(['serve', '--stdio', '--script', scriptFile(), '--admin-port', '0']),
        stderr: 'pipe',
      });
      const adminUrl = urlFrom(transport, 'admin API ');
      const openaiUrl = urlFrom(transport, 'OPENAI_BASE_URL=');
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['alpha']);
      const admin = createAdminHttpClient(await adminUrl);
      // The change channel (legacy: the connection; modern: the listen stream) is open before the change.
      await admin.waitFor({ kind: 'stream-open' });
      await admin.applyStep({ action: 'addTool', tool: { name: 'beta', inputSchema: { type: 'object' } } });
      expect(await names).toEqual(['alpha', 'beta']);
      const frames = (await admin.transcript({ filter: { direction: 'in' } })).frames;
      expect(frames.every((frame) => frame.transport === 'stdio')).toBe(true);
      // The fake model provider it prints answers, and records into the same transcript.
      const models = (await (await fetch(`${await openaiUrl}/models`)).json()) as {
        data: Array<{ id: string }>;
      };
      expect(models.data.map((model) => model.id)).toEqual(['toolshift-model']);
      const modelFrames = (await admin.transcript({ filter: { kind: 'model' } })).frames;
      expect(modelFrames.map((frame) => [frame.direction, frame.model?.api])).toEqual([
        ['in', 'models'],
        ['out', 'models'],
      ]);
      // Bounded like the other tests that spawn the CLI: from its sources (tsx compiles them in the
      // child) it took more than the default 30 s on a busy machine before a frame was sent.
    }, 180_000);
  }
});
