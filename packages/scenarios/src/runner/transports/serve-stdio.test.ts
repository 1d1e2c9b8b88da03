import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createFakeServer, exitProcess, scriptBuilder } from '@toolshift/fake-server';
import { afterEach, expect, test } from 'vitest';
import { serveStdio } from './serve-stdio.js';
import type { ServedServer } from './served-server.js';

const served: ServedServer[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(served.splice(0).map((server) => server.close()));
});

async function serve() {
  const fake = createFakeServer(
    scriptBuilder('relay')
      .tools({ name: 'alpha', inputSchema: { type: 'object' } })
      .step('crash', exitProcess(3))
      .step('killed', { action: 'exitProcess', how: 'kill' })
      .step('half-closed', { action: 'exitProcess', how: 'close-stdout' })
      .step('leaves-grandchild', { action: 'exitProcess', code: 4, grandchild: true })
      .build(),
  );
  const server = await serveStdio(fake);
  served.push(server);
  if (server.target.kind !== 'stdio') throw new Error('not a stdio target');
  return { fake, target: server.target, server };
}

/** Spawns the target's command as a host would; resolves its exit code and reads its stdout by line. */
function start(command: string, args: readonly string[]) {
  const child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stdoutEnded = new Promise<void>((resolve) => child.stdout!.once('end', resolve));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    exited,
    stdoutEnded,
    next: async () => JSON.parse((await lines.next()).value as string),
  };
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};

test("a stdio target is a real server process: it answers on its pipes, and an exitProcess step ends it with the step's code", async () => {
  const { fake, target } = await serve();
  const server = start(target.command, target.args);
  expect(server.child.pid).toBeGreaterThan(0);
  server.child.stdin!.write(`${JSON.stringify(initialize)}\n`);
  expect((await server.next()).result.protocolVersion).toBe('2025-11-25');
  fake.apply('crash');
  expect(await server.exited).toBe(3);
  expect(fake.transcript.frames.some((frame) => frame.note?.includes('exit code 3'))).toBe(true);
});

test('each spawn is a fresh connection; ending its stdin ends the process (code 0), and a relay without the token reaches nothing', async () => {
  const { fake, target } = await serve();
  const first = start(target.command, target.args);
  first.child.stdin!.write(`${JSON.stringify(initialize)}\n`);
  await first.next();
  first.child.stdin!.end();
  expect(await first.exited).toBe(0);
  const second = start(target.command, target.args);
  second.child.stdin!.write(`${JSON.stringify({ ...initialize, id: 2 })}\n`);
  expect((await second.next()).id).toBe(2);
  const streams = new Set(
    fake.transcript.frames.flatMap((frame) => (frame.streamId ? [frame.streamId] : [])),
  );
  expect([...streams].filter((stream) => stream.startsWith('conn-')).sort()).toEqual(['conn-1', 'conn-2']);

  const forged = start(target.command, [...target.args.slice(0, -1), 'not-the-token']);
  forged.child.stdin!.write(`${JSON.stringify({ ...initialize, id: 3 })}\n`);
  await forged.exited;
  expect(
    fake.transcript.frames.some((frame) => JSON.stringify(frame.message ?? null).includes('"id":3')),
  ).toBe(false);
});

test('connect() spawns the server process on start(), and its transport closes when the process exits', async () => {
  const { fake, target } = await serve();
  const transport = target.connect() as import('./stdio-relay-process.js').ProcessStdioTransport;
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  const answered = new Promise<unknown>((resolve) => {
    transport.onmessage = resolve;
  });
  await transport.start();
  expect(transport.pid).toBeGreaterThan(0);
  await transport.send(initialize as never);
  await answered;
  fake.apply('crash');
  await closed;
});

test('a step can kill the server process (SIGKILL), half-close it (stdout closed, still running until its stdin ends), or leave a child holding its stdout', async () => {
  const { fake, target, server } = await serve();
  const initialized = async () => {
    const spawned = start(target.command, target.args);
    spawned.child.stdin!.write(`${JSON.stringify(initialize)}\n`);
    await spawned.next();
    return spawned;
  };
  const killed = await initialized();
  fake.apply('killed');
  await killed.exited;
  expect(killed.child.signalCode).toBe('SIGKILL');

  const halfClosed = await initialized();
  fake.apply('half-closed');
  await halfClosed.stdoutEnded;
  expect(halfClosed.child.exitCode).toBeNull();
  halfClosed.child.stdin!.end();
  expect(await halfClosed.exited).toBe(0);

  const orphaning = await initialized();
  fake.apply('leaves-grandchild');
  expect(await orphaning.exited).toBe(4);
  // The child it left holds stdout open until the cell's servers close.
  expect(orphaning.child.stdout!.readableEnded).toBe(false);
  await server.close();
  await orphaning.stdoutEnded;
});

test.runIf(process.platform === 'linux')(
  "a hello claiming another process as the relay's does not spare it from the leftover sweep; the relay itself is spared",
  async () => {
    const { target, server } = await serve();
    const relay = start(target.command, target.args);
    relay.child.stdin!.write(`${JSON.stringify(initialize)}\n`);
    await relay.next();
    // A client knows the port and token (they are the relay's arguments) and names its own process.
    const own = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(own);
    const [port, token] = target.args.slice(2);
    const { connect } = await import('node:net');
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`${token} ${own.pid} grandchild\n`);
    // The claim is checked against the process's command line; a read of /proc settles it.
    await expect.poll(() => server.serverPids!(), { timeout: 10_000 }).toContain(relay.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.serverPids!()).not.toContain(own.pid);
    socket.destroy();
  },
  30_000,
);
