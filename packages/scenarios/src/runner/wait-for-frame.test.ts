import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { bounded } from './bounded.js';
import { waitForFrame } from './wait-for-frame.js';

const server = () =>
  createFakeServer(
    scriptBuilder('w')
      .tools({ name: 'a', inputSchema: { type: 'object' } })
      .step('add-b', { action: 'addTool', tool: { name: 'b', inputSchema: { type: 'object' } } })
      .build(),
  );
const isStep = (frame: { kind: string }) => frame.kind === 'step';

test('waitForFrame finds a frame already recorded after afterSeq, or the next one to come', async () => {
  const fake = server();
  const applied = fake.apply('add-b');
  expect(await waitForFrame(fake, isStep, { afterSeq: 0, timeoutMs: 1000 })).toBe(applied);
  const later = waitForFrame(fake, isStep, { afterSeq: applied.seq, timeoutMs: 10_000 });
  const next = fake.apply({ action: 'removeTool', name: 'a' });
  expect(await later).toBe(next);
});

test('waitForFrame gives undefined when no frame matches in time', async () => {
  expect(await waitForFrame(server(), isStep, { afterSeq: 0, timeoutMs: 20 })).toBeUndefined();
});

test('bounded passes a result through and names what did not finish in time', async () => {
  expect(await bounded(Promise.resolve(7), 1000, 'seven')).toBe(7);
  await expect(bounded(new Promise(() => {}), 20, 'connect to primary')).rejects.toThrow(
    'connect to primary did not finish within 20 ms',
  );
});
