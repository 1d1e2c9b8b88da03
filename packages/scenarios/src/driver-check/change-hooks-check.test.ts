import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { DriverManifest } from '../scorecard/driver-manifest.js';
import { checkChangeHooks } from './change-hooks-check.js';

const manifest = (language: DriverManifest['language'], sources: string[]) =>
  ({
    language,
    sources,
    changeHooks: [
      {
        api: 'mcpClient.tools.onListChanged()',
        doc: 'https://example.invalid/docs#changes',
        registeredBy: '\\.tools\\.onListChanged\\(',
      },
    ],
  }) as DriverManifest;

test('a driver that registers the documented hook passes; one that names it only in a comment fails', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-hooks-'));
  await writeFile(join(dir, 'registers.mjs'), 'await client.tools.onListChanged(() => relist());\n');
  await writeFile(
    join(dir, 'omits.mjs'),
    '// client.tools.onListChanged(() => relist()) is not called here\n/* nor client.tools.onListChanged( */\nawait client.listTools();\n',
  );
  await writeFile(
    join(dir, 'omits.py'),
    '# client.tools.onListChanged(handler)\nawait client.list_tools()\n',
  );
  expect(checkChangeHooks(manifest('typescript', ['registers.mjs']), dir)).toMatchObject([
    { status: 'pass' },
  ]);
  const [omitted] = checkChangeHooks(manifest('typescript', ['omits.mjs']), dir);
  expect(omitted).toMatchObject({ id: 'change-hooks.mcpClient.tools.onListChanged()', status: 'fail' });
  expect(omitted!.detail).toContain('never registers mcpClient.tools.onListChanged()');
  expect(checkChangeHooks(manifest('python', ['omits.py']), dir)[0]!.status).toBe('fail');
});

test('hooks without sources to look in, a missing source, or no hooks at all are reported as such', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-hooks-'));
  expect(checkChangeHooks(manifest('go', []), dir)[0]).toMatchObject({
    status: 'fail',
    detail: expect.stringContaining('no sources'),
  });
  expect(checkChangeHooks(manifest('go', ['main.go']), dir)[0]).toMatchObject({
    status: 'fail',
    detail: 'sources not found: main.go',
  });
  expect(checkChangeHooks({ language: 'go' } as DriverManifest, dir)[0]!.status).toBe('skip');
});
