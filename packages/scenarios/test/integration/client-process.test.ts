import { fileURLToPath } from 'node:url';
import { isToolshiftError } from '@toolshift/fake-server';
import { afterEach, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { ClientProcessPool } from '../../src/runner/client-process/client-process-pool.js';
import type { IsolatedClientFactory } from '../../src/runner/client-process/isolated-client.js';
import { runCell } from '../../src/runner/run-cell.js';

// Tests here start client or CLI processes (tsx compiles the sources in the child): each is bounded
// at 180 s, a safety net for a busy machine (up to 55 s seen under load), not a speed claim.

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/client-modules/${name}.mjs`, import.meta.url));
const scenario = (id: string) => SCENARIOS.find((candidate) => candidate.id === id)!;

const pools: ClientProcessPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

test('a client that blocks its event loop mid-cell is killed once silent; the cell names it and the next cell gets a fresh process', async () => {
  const pool = new ClientProcessPool(fixture('busy-loop-client'), { silenceTimeoutMs: 2000 });
  pools.push(pool);
  const [client] = await pool.load();
  expect(client?.name).toBe('busy-loop-client');
  const factory: IsolatedClientFactory = {
    ...client!,
    isolation: pool,
    create: () => {
      throw new Error('isolated');
    },
  };
  const hung = await runCell(scenario('one-valid-tool'), 'modern', factory, { transport: 'http' });
  expect(hung.rawStatus).toBe('fail');
  expect(hung.firstFailure?.checkId).toBe('runner.client-process-survived');
  expect(hung.firstFailure?.message).toContain(
    "The client's process stopped responding for 2000 ms (its event loop was blocked, e.g. a busy loop or a synchronous wait in the client) and was killed during action 3 of 3 (call search_docs)",
  );
  const next = await runCell(scenario('empty-list'), 'modern', factory, { transport: 'http' });
  expect(next.rawStatus).toBe('pass');
}, 180_000);

test('a module that never finishes loading is refused with CLIENT_MODULE_INVALID once its load bound passes', async () => {
  const pool = new ClientProcessPool(fixture('never-loads-client'), { loadTimeoutMs: 3000 });
  pools.push(pool);
  const error = await pool.load().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isToolshiftError(error, 'CLIENT_MODULE_INVALID')).toBe(true);
  expect((error as Error).message).toContain(
    'its process was still loading the module after 3000 ms and was killed.',
  );
}, 180_000);
