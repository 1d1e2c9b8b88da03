import { expect, test } from 'vitest';
import { colorEnabled, displayWidth, padDisplay, truncateDisplay } from './console-style.js';

const tty = { isTTY: true } as unknown as NodeJS.WritableStream;
const pipe = {} as NodeJS.WritableStream;

test('colour is on for a terminal, off for a pipe, and NO_COLOR turns it off even when forced', () => {
  expect(colorEnabled(tty, {})).toBe(true);
  expect(colorEnabled(pipe, {})).toBe(false);
  expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
  expect(colorEnabled(tty, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
  expect(colorEnabled(pipe, { FORCE_COLOR: '1' })).toBe(true);
  expect(colorEnabled(tty, { TERM: 'dumb' })).toBe(false);
});

test('wide characters count two columns when padding and cutting', () => {
  expect(displayWidth('検索')).toBe(4);
  expect(padDisplay('検索', 6)).toBe('検索  ');
  expect(truncateDisplay('検索ツール', 7)).toBe('検索ツ…');
  expect(displayWidth(truncateDisplay('検索ツール', 6))).toBeLessThanOrEqual(6);
});
