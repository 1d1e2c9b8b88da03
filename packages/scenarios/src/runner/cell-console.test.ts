import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { withCellConsole } from './cell-console.js';

test('console calls inside concurrent cells land in their own cell, in async continuations too; outside, the console is untouched', async () => {
  const before = console.warn;
  const cell = (name: string, delayMs: number) =>
    withCellConsole(async () => {
      console.debug(`${name} starts`);
      await sleep(delayMs);
      console.warn('%s warns with %d', name, 2);
      setImmediate(() => console.log(`${name} too late for the capture`));
      return name;
    });
  const [a, b] = await Promise.all([cell('a', 20), cell('b', 5)]);
  expect(a).toEqual({ value: 'a', printed: { text: 'a starts\na warns with 2\n', truncatedChars: 0 } });
  expect(b).toEqual({ value: 'b', printed: { text: 'b starts\nb warns with 2\n', truncatedChars: 0 } });
  // Once no cell runs, the console is what it was.
  expect(console.warn).toBe(before);
});

test('a cell that prints nothing has no capture, and a throwing cell still restores the console', async () => {
  const before = console.error;
  expect(await withCellConsole(async () => 1)).toEqual({ value: 1, printed: undefined });
  await expect(
    withCellConsole(async () => {
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(console.error).toBe(before);
});
