import { expect, test } from 'vitest';
import { createFakeServer } from '../create-fake-server.js';
import { addTool, scriptBuilder } from './script-builder.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const list = (id: number, cursor?: string) => ({
  transport: 'in-memory' as const,
  headers: {},
  body: JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/list',
    params: { _meta: meta, ...(cursor ? { cursor } : {}) },
  }),
});

test('atStart steps run at creation; afterRequests fires right after the Nth matching request', async () => {
  const server = createFakeServer(
    scriptBuilder('t')
      .tools(tool('a'))
      .step('boot', addTool(tool('b')), { atStart: true })
      .step('second-list', addTool(tool('c')), { afterRequests: 2, method: 'tools/list' })
      .build(),
  );
  expect(server.tools().map((t) => t.name)).toEqual(['a', 'b']);
  await server.handle(list(1));
  expect(server.catalogRevision).toBe(2);
  await server.handle(list(2));
  expect(server.tools().map((t) => t.name)).toEqual(['a', 'b', 'c']);
  await server.handle(list(3));
  expect(server.catalogRevision).toBe(3);
  expect(server.transcript.frames.filter((f) => f.kind === 'step').map((f) => f.step)).toEqual([
    'boot',
    'second-list',
  ]);
});

test('betweenPages fires after page K is served, so page K+1 sees the change', async () => {
  const server = createFakeServer(
    scriptBuilder('t')
      .tools(tool('a'), tool('b'), tool('c'))
      .pageSize(1)
      .step('mid', addTool(tool('d')), { betweenPages: 2 })
      .build(),
  );
  const page1 = JSON.parse(JSON.stringify((await server.handle(list(1))).reply));
  const cursor1 = page1.message.result.nextCursor;
  const page2 = (await server.handle(list(2, cursor1))).reply as unknown as {
    message: { result: { nextCursor: string } };
  };
  expect(server.catalogRevision).toBe(2);
  const seqOfStep = server.transcript.frames.find((f) => f.kind === 'step')!.seq;
  const page2Frame = server.transcript.frames.filter((f) => f.direction === 'out')[1]!;
  expect(seqOfStep).toBeGreaterThan(page2Frame.seq);
  expect(page2.message.result.nextCursor).toBeDefined();
});

test('atTick steps fire when the logical clock reaches their time', () => {
  const server = createFakeServer(
    scriptBuilder('t')
      .step('later', addTool(tool('x')), { atTick: 1000 })
      .build(),
  );
  server.advanceClock(999);
  expect(server.tools()).toEqual([]);
  server.advanceClock(1);
  expect(server.tools().map((t) => t.name)).toEqual(['x']);
  expect(server.transcript.frames[0]).toMatchObject({ kind: 'step', tick: 1000 });
});

test('apply rejects an unknown step id and a failing action without changing the world', () => {
  const server = createFakeServer(
    scriptBuilder('t')
      .tools(tool('a'))
      .step('dup', addTool(tool('a')))
      .build(),
  );
  expect(() => server.apply('nope')).toThrow(expect.objectContaining({ code: 'SCRIPT_UNKNOWN_STEP' }));
  expect(() => server.apply('dup')).toThrow(expect.objectContaining({ code: 'STEP_FAILED' }));
  expect(server.catalogRevision).toBe(1);
});
