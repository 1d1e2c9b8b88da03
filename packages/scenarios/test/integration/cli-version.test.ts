import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { runCli } from '../../src/cli/program.js';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

test.each([['--version'], ['-V']])('`toolshift %s` prints the package version and exits 0', async (flag) => {
  const out = new PassThrough();
  let stdout = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  const code = await runCli([flag], { out, err: new PassThrough() });
  expect(code).toBe(0);
  expect(stdout).toBe(`${manifest.version}\n`);
  expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
});
