import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createAdminHttpClient } from '@toolshift/fake-server';
import { afterEach, describe, expect, test } from 'vitest';
// The spec-schema frame validator of the fake server's own tests (the schemas live outside the repo).
import { SpecFrameValidator } from '../../../fake-server/test/support/spec-frame-validator.js';
import { toolshiftNodeArgs } from '../support/cli-command.js';

// A wire probe of `toolshift serve` as a user runs it: the CLI in its own process, spoken to with
// raw JSON-RPC (no SDK smoothing anything over), every frame it sent checked against the spec JSON
// Schema of its era from the transcript its admin API serves.

const validator = new SpecFrameValidator();
/** Spawning the CLI from its sources takes seconds on a loaded machine. */
const SPAWN_TIMEOUT = 120_000;

const SCRIPT = [
  'toolshiftScript: 1',
  'name: wire-probe',
  'catalog:',
  '  tools:',
  '    - name: alpha',
  '      inputSchema: { type: object }',
  '  resources:',
  '    - uri: file:///readme.md',
  '      name: readme',
  '      mimeType: text/markdown',
  "      contents: [{ text: '# Hello' }]",
  '    - uri: file:///notes.txt',
  '      name: notes',
  '  resourceTemplates:',
  "    - uriTemplate: 'file:///docs/{name}'",
  '      name: docs',
  '  prompts:',
  '    - name: greet',
  '      arguments: [{ name: who, required: true }]',
  "      messages: [{ role: user, content: { type: text, text: 'Say hello to {{who}}.' } }]",
  '    - name: plain',
  '',
].join('\n');

function scriptFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolshift-probe-')), 'script.yaml');
  writeFileSync(file, SCRIPT);
  return file;
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'wire-probe', version: '1.0.0' },
};

/** The requests of a probe after the handshake: every list-family method, with its params. */
const PROBES: Array<[method: string, params: Record<string, unknown>]> = [
  ['tools/list', {}],
  ['resources/list', {}],
  ['resources/templates/list', {}],
  ['resources/read', { uri: 'file:///readme.md' }],
  ['resources/read', { uri: 'file:///docs/intro' }],
  ['prompts/list', {}],
  ['prompts/get', { name: 'greet', arguments: { who: 'Ada' } }],
];

type Reply = { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** What every probe must answer, by method (both eras). */
function expectProbeAnswers(replies: Map<string, Reply[]>): void {
  const result = (method: string, index = 0): Record<string, unknown> => {
    const found = replies.get(method)?.[index]?.result;
    if (!found) throw new Error(`no result for ${method} #${index}`);
    return found;
  };
  const items = <T>(method: string, key: string, index = 0) => result(method, index)[key] as T[];
  expect(items<{ name: string }>('tools/list', 'tools').map((t) => t.name)).toEqual(['alpha']);
  expect(items<{ uri: string }>('resources/list', 'resources').map((r) => r.uri)).toEqual([
    'file:///readme.md',
    'file:///notes.txt',
  ]);
  expect(
    items<{ uriTemplate: string }>('resources/templates/list', 'resourceTemplates').map((t) => t.uriTemplate),
  ).toEqual(['file:///docs/{name}']);
  expect(result('resources/read').contents).toEqual([
    { uri: 'file:///readme.md', mimeType: 'text/markdown', text: '# Hello' },
  ]);
  expect(items<{ uri: string }>('resources/read', 'contents', 1)[0]?.uri).toBe('file:///docs/intro');
  expect(items<{ name: string }>('prompts/list', 'prompts').map((p) => p.name)).toEqual(['greet', 'plain']);
  expect(result('prompts/get').messages).toEqual([
    { role: 'user', content: { type: 'text', text: 'Say hello to Ada.' } },
  ]);
}

/** The JSON-RPC message with `id` in a reply body (plain JSON or an SSE stream). */
function messageIn(contentType: string, text: string, id: number): Reply {
  const messages = contentType.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '')
        .map((line) => JSON.parse(line.slice(5)) as Reply)
    : [JSON.parse(text) as Reply];
  const found = messages.find((message) => message.id === id);
  if (!found) throw new Error(`no reply with id ${id} in: ${text.slice(0, 200)}`);
  return found;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Spawns `toolshift serve ARGS` and resolves with each URL it prints once `pattern` has matched. */
function serve(
  args: string[],
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
): Promise<{
  child: ChildProcess;
  match: RegExpExecArray;
}> {
  const child = spawn(process.execPath, toolshiftNodeArgs(['serve', '--script', scriptFile(), ...args]), {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child[stream]?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = pattern.exec(text);
      if (match) resolve({ child, match });
    });
    child.once('exit', (code) => reject(new Error(`toolshift serve exited with ${code}: ${errors}`)));
  });
}

describe('a wire probe of `toolshift serve`', () => {
  test(
    'over HTTP it answers every list-family method in both eras, with frames the spec schema of each era allows',
    async () => {
      const { match } = await serve([], 'stdout', /\n(http:\/\/\S+)\nadmin API (http:\/\/\S+)\n/);
      const [, url, adminUrl] = match as unknown as [string, string, string];
      let nextId = 1;
      const post = async (headers: Record<string, string>, body: Record<string, unknown>) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
          body: JSON.stringify(body),
        });
        return { response, text: await response.text() };
      };

      // Legacy (2025-11-25): initialize, initialized, then every probe on the session.
      const init = await post(
        {},
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'wire-probe', version: '1' },
          },
        },
      );
      const initialized = messageIn(init.response.headers.get('content-type') ?? '', init.text, 0);
      expect(initialized.result?.capabilities).toMatchObject({
        tools: {},
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
      });
      const session = {
        'mcp-session-id': init.response.headers.get('mcp-session-id') ?? '',
        'mcp-protocol-version': '2025-11-25',
      };
      expect(session['mcp-session-id']).not.toBe('');
      expect(
        (await post(session, { jsonrpc: '2.0', method: 'notifications/initialized' })).response.status,
      ).toBe(202);
      const legacy = new Map<string, Reply[]>();
      for (const [method, params] of [
        ...PROBES,
        ['resources/subscribe', { uri: 'file:///readme.md' }] as const,
      ]) {
        const id = nextId++;
        const { response, text } = await post(session, { jsonrpc: '2.0', id, method, params });
        expect(response.status, method).toBe(200);
        const reply = messageIn(response.headers.get('content-type') ?? '', text, id);
        expect(reply.error, method).toBeUndefined();
        legacy.set(method, [...(legacy.get(method) ?? []), reply]);
      }
      expectProbeAnswers(legacy);

      // Modern (2026-07-28): server/discover, then every probe stateless, with the standard headers.
      const modern = new Map<string, Reply[]>();
      for (const [method, params] of [['server/discover', {}] as const, ...PROBES]) {
        const id = nextId++;
        const mirrored = method === 'resources/read' ? params.uri : (params as { name?: string }).name;
        const { response, text } = await post(
          {
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': method,
            ...(typeof mirrored === 'string' ? { 'mcp-name': mirrored } : {}),
          },
          { jsonrpc: '2.0', id, method, params: { ...params, _meta: MODERN_META } },
        );
        expect(response.status, method).toBe(200);
        const reply = messageIn(response.headers.get('content-type') ?? '', text, id);
        expect(reply.error, method).toBeUndefined();
        modern.set(method, [...(modern.get(method) ?? []), reply]);
      }
      expect(modern.get('server/discover')?.[0]?.result?.capabilities).toMatchObject({
        resources: { listChanged: true },
        prompts: { listChanged: true },
      });
      expectProbeAnswers(modern);

      const { frames } = await createAdminHttpClient(adminUrl).transcript();
      const sent = frames.filter((frame) => frame.direction === 'out' && frame.kind === 'message');
      expect(new Set(sent.map((frame) => frame.era))).toEqual(new Set(['legacy', 'modern']));
      expect(sent.length).toBeGreaterThanOrEqual(2 * PROBES.length + 3);
      expect(frames.some((frame) => frame.fault !== undefined)).toBe(false);
      expect(validator.check(frames)).toEqual([]);
    },
    SPAWN_TIMEOUT,
  );

  for (const era of ['legacy', 'modern'] as const) {
    test(
      `over stdio (a process per session) it answers every list-family method in the ${era} era, with frames the spec schema allows`,
      async () => {
        const { child, match } = await serve(
          ['--stdio', '--admin-port', '0'],
          'stderr',
          /admin API (http:\/\/\S+)\n/,
        );
        const adminUrl = match[1] as string;
        const pending = new Map<number, (reply: Reply) => void>();
        createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          const message = JSON.parse(line) as Reply;
          if (typeof message.id === 'number') pending.get(message.id)?.(message);
        });
        let nextId = 0;
        const request = (method: string, params: Record<string, unknown>) => {
          const id = nextId++;
          const answered = new Promise<Reply>((resolve) => pending.set(id, resolve));
          child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
          return answered;
        };
        if (era === 'legacy') {
          const init = await request('initialize', {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'wire-probe', version: '1' },
          });
          expect(init.result?.capabilities).toMatchObject({ resources: {}, prompts: {} });
          child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
        } else {
          const discover = await request('server/discover', { _meta: MODERN_META });
          expect(discover.result?.capabilities).toMatchObject({ resources: {}, prompts: {} });
        }
        const replies = new Map<string, Reply[]>();
        for (const [method, params] of PROBES) {
          const reply = await request(method, era === 'modern' ? { ...params, _meta: MODERN_META } : params);
          expect(reply.error, method).toBeUndefined();
          replies.set(method, [...(replies.get(method) ?? []), reply]);
        }
        expectProbeAnswers(replies);

        const { frames } = await createAdminHttpClient(adminUrl).transcript();
        const sent = frames.filter((frame) => frame.direction === 'out' && frame.kind === 'message');
        expect(sent.every((frame) => frame.era === era && frame.transport === 'stdio')).toBe(true);
        expect(sent.length).toBe(PROBES.length + 1);
        expect(validator.check(frames)).toEqual([]);
        child.stdin?.end();
      },
      SPAWN_TIMEOUT,
    );
  }
});
