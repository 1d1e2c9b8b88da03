import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { cli } from '../support/cli-in-process.js';

// Tests here start client or CLI processes (tsx compiles the sources in the child): each is bounded
// at 180 s, a safety net for a busy machine (up to 55 s seen under load), not a speed claim.

const example = fileURLToPath(new URL('../../examples/client-module/sdk-client-module.mjs', import.meta.url));

test('--client-module runs the example module (the official SDK Client) and only it, unless --client names others', async () => {
  const { code, stdout, stderr } = await cli([
    'run',
    '--client-module',
    example,
    '--scenario',
    'lc-01-no-list-changed-handler,one-valid-tool',
    '--transport',
    'http',
    '--no-baseline',
    '--verbose',
  ]);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  // one-valid-tool also runs on a dual endpoint, where the module (no era preference given) speaks 2025-11-25.
  expect(stdout).toContain('toolshift run: 5 cells');
  expect(stdout).toMatch(/one-valid-tool\s+dual→legacy\s+http\s+example-client-module\s+pass/);
  expect(stdout).toMatch(/lc-01-no-list-changed-handler\s+legacy\s+http\s+example-client-module\s+pass/);
  expect(stdout).toMatch(/lc-01-no-list-changed-handler\s+modern\s+http\s+example-client-module\s+pass/);
  expect(stdout).not.toMatch(/\sreference\s/);
}, 180_000);

test('a baseline may name a module client (here: a stale entry); a module with no factory is refused with CLIENT_MODULE_INVALID', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-client-module-'));
  await writeFile(join(dir, 'empty.mjs'), 'export const notAClient = { name: "x" };\n');
  const empty = await cli(['run', '--client-module', 'empty.mjs', '--no-baseline'], dir);
  expect(empty.code).toBe(2);
  expect(empty.stderr).toContain(
    `Client module ${join(dir, 'empty.mjs')}: exports no client adapter factory (an object with a name and create(); exports: notAClient).`,
  );
  const missing = await cli(['run', '--client-module', 'nowhere.mjs', '--no-baseline'], dir);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain(`Client module ${join(dir, 'nowhere.mjs')}: cannot be imported`);
  await writeFile(
    join(dir, 'baseline.yaml'),
    'expectedFailures:\n  - client: example-client-module\n    scenario: pg-02-page-failure-reported\n    reason: the example shows no warning when a page fails\n',
  );
  const { code, stdout } = await cli(
    [
      'run',
      '--client-module',
      example,
      '--scenario',
      'pg-02-page-failure-reported',
      '--era',
      'modern',
      '--transport',
      'http',
      '--baseline',
      'baseline.yaml',
    ],
    dir,
  );
  // The example surfaces the failed page (its connect fails), so the entry is matched and stale.
  expect(stdout).toMatch(/pg-02-page-failure-reported\s+modern\s+http\s+example-client-module\s+STALE/);
  expect(code).toBe(1);
}, 180_000);

test('toolshift clients --client-module lists the module clients after the built-in ones', async () => {
  const { code, stdout } = await cli(['clients', '--client-module', example]);
  expect(code).toBe(0);
  expect(stdout).toContain('reference  [reference; http, msw, in-memory, stdio]');
  expect(stdout).toContain(
    'example-client-module  [external; http, msw]\n  The official SDK Client, loaded from a --client-module file.',
  );
}, 180_000);
