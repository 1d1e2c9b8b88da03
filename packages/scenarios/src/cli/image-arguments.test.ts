import { expect, test } from 'vitest';
import { IMAGE_COMMANDS, imageArguments } from '../../../../docker/image-arguments.mjs';
import { cliCommandNames } from './program.js';

test('the image runs every CLI command that comes first, and serves the mounted script otherwise', () => {
  const flags = ['help', '--version', '-V', '--help', '-h'];
  expect(IMAGE_COMMANDS.filter((name) => !flags.includes(name)).sort()).toEqual(cliCommandNames().sort());
  expect(imageArguments(['run', '--client', 'reference'])).toEqual(['run', '--client', 'reference']);
  expect(imageArguments([])).toEqual([
    'serve',
    '--script',
    '/toolshift/script.yaml',
    '--ready-file',
    '/tmp/toolshift-ready.json',
    '--host',
    '0.0.0.0',
    '--port',
    '8080',
  ]);
  expect(imageArguments(['--stdio']).slice(0, 1)).toEqual(['serve']);
  expect(imageArguments(['--stdio']).at(-1)).toBe('--stdio');
});
