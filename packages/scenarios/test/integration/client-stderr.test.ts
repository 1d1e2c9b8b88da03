import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { expect, test } from 'vitest';
import { CLIENT_STDERR_MAX_CHARS } from '../../src/adapters/client-stderr.js';
import { cli } from '../support/cli-in-process.js';

// Runs client processes and client programs for real (tsx compiles the sources in the client
// process): bounded at 240 s, a safety net for a busy machine, not a speed claim.

const schema = JSON.parse(readFileSync(new URL('../../report.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

const stderrModule = fileURLToPath(new URL('../fixtures/client-modules/stderr-client.mjs', import.meta.url));
const exampleProgram = fileURLToPath(
  new URL('../../examples/command-client/sdk-command-client.mjs', import.meta.url),
);
/**
 * The example command client behind a shell line that first writes to stderr: the era it runs in,
 * and in legacy cells 20,000 characters more (one line) than a report keeps.
 */
const chattyProgram =
  `command:echo "chatty program: era $TOOLSHIFT_ERA" >&2; ` +
  `if [ "$TOOLSHIFT_ERA" = legacy ]; then head -c 30000 /dev/zero | tr '\\0' y >&2; echo " end of the long line" >&2; fi; ` +
  `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(exampleProgram)}`;

/** The `<system-err>` of each testcase of a JUnit report, by `client/name`, unescaped. */
function systemErrs(xml: string): Map<string, string | undefined> {
  const cases = new Map<string, string | undefined>();
  for (const match of xml.matchAll(
    /<testcase classname="toolshift\.([^"]+)" name="([^"]+)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g,
  )) {
    const body = match[4] ?? '';
    const err = /<system-err>([\s\S]*?)<\/system-err>/.exec(body)?.[1];
    cases.set(
      `${match[1]}/${match[2]}`,
      err
        ?.replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
  }
  return cases;
}

test("each cell's JUnit <system-err> and JSON clientStderr hold what that client's process wrote during that cell, bounded with a marker when cut — for a --client-module client and a command: program", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-client-stderr-'));
  const run = await cli(
    [
      'run',
      '--client-module',
      stderrModule,
      '--client',
      'stderr-client',
      chattyProgram,
      '--scenario',
      'one-valid-tool',
      '--era',
      'both',
      '--transport',
      'http',
      // One client process serves both of the module's cells in turn: the split between them is the runner's.
      '--concurrency',
      '1',
      '--no-baseline',
      '--json',
      'r.json',
      '--junit',
      'j.xml',
    ],
    dir,
  );
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);

  const errs = systemErrs(await readFile(join(dir, 'j.xml'), 'utf8'));
  const moduleModern = errs.get('stderr-client/one-valid-tool [modern, http]');
  expect(moduleModern).toBe('stderr-client: connecting one-valid-tool modern');
  const moduleLegacy = errs.get('stderr-client/one-valid-tool [legacy, http]')!;
  expect(moduleLegacy).toMatch(
    /^\[toolshift: truncated, the first \d+ characters of the client's stderr in this cell were dropped; the last 16384 follow\]\n/,
  );
  expect(moduleLegacy).toContain('noise 0399');
  expect(moduleLegacy).not.toContain('noise 0000');
  expect(moduleLegacy).not.toContain('connecting one-valid-tool modern');

  const programName = [...errs.keys()].find(
    (key) => key.endsWith('/one-valid-tool [modern, http]') && !key.startsWith('stderr-client/'),
  )!;
  expect(programName).toBeDefined();
  const client = programName.slice(0, programName.indexOf('/'));
  expect(errs.get(`${client}/one-valid-tool [modern, http]`)).toBe('chatty program: era modern');
  const programLegacy = errs.get(`${client}/one-valid-tool [legacy, http]`)!;
  expect(programLegacy).toMatch(/^\[toolshift: truncated, the first \d+ characters/);
  expect(programLegacy).toMatch(/y+ end of the long line$/);
  expect(programLegacy).not.toContain('era modern');

  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8'));
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  const cell = (name: string, era: string) =>
    report.results.find((r: { client: string; era: string }) => r.client === name && r.era === era);
  expect(cell('stderr-client', 'modern').clientStderr).toEqual({
    text: 'stderr-client: connecting one-valid-tool modern\n',
    truncatedChars: 0,
  });
  const legacy = cell('stderr-client', 'legacy').clientStderr;
  expect(legacy.text).toHaveLength(CLIENT_STDERR_MAX_CHARS);
  // 'stderr-client: connecting one-valid-tool legacy\n' and 400 noise lines of 102 characters.
  expect(legacy.truncatedChars + legacy.text.length).toBe(48 + 400 * 102);
  expect(cell(client, 'modern').clientStderr).toEqual({
    text: 'chatty program: era modern\n',
    truncatedChars: 0,
  });
  const programStderr = cell(client, 'legacy').clientStderr;
  expect(programStderr.text).toHaveLength(CLIENT_STDERR_MAX_CHARS);
  expect(programStderr.truncatedChars + programStderr.text.length).toBe(
    'chatty program: era legacy\n'.length + 30_000 + ' end of the long line\n'.length,
  );
}, 240_000);
