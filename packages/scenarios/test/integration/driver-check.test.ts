import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { formatDriverCheck } from '../../src/cli/driver-check-command.js';
import { runCli } from '../../src/cli/program.js';
import { checkDriver } from '../../src/driver-check/driver-check.js';

const example = fileURLToPath(
  new URL('../../examples/command-client/sdk-command-client.mjs', import.meta.url),
);
const broken = fileURLToPath(new URL('../fixtures/command-clients/broken-driver.mjs', import.meta.url));
const statuses = (report: Awaited<ReturnType<typeof checkDriver>>) =>
  Object.fromEntries(report.checks.map((check) => [check.id, check.status]));

test('a correct driver (the example: the official SDK over http and stdio) passes every check it declares', async () => {
  const report = await checkDriver(`node ${JSON.stringify(example)}`);
  expect(statuses(report)).toEqual({
    'handshake.hello': 'pass',
    'handshake.probe-exits': 'pass',
    'connect.http-legacy': 'pass',
    'request.call': 'pass',
    'error.call-unknown-tool': 'pass',
    'error.unknown-request': 'pass',
    'request.refresh': 'pass',
    'request.reconnect': 'skip',
    'request.reauthorize': 'skip',
    'request.model-request': 'skip',
    'request.advance-clock': 'skip',
    'request.grant': 'skip',
    'shutdown.exits': 'pass',
    'connect.http-modern': 'pass',
    'connect.stdio': 'pass',
    'request.call-stdio': 'pass',
    'shutdown.exits-stdio': 'pass',
    'connect.up-front': 'pass',
    'error.connect-refused': 'pass',
    'schema.every-message': 'pass',
  });
  expect(report.ok).toBe(true);
  expect(report.messages).toBeGreaterThan(20);
  expect(formatDriverCheck(report)).toContain('Result: the driver follows the command protocol');
}, 120_000);

test('a broken driver fails exactly the checks for what it breaks, each saying what was seen', async () => {
  const report = await checkDriver(`node ${JSON.stringify(broken)}`, {
    requestTimeoutMs: 1500,
    shutdownGraceMs: 1500,
  });
  const failed = report.checks.filter((check) => check.status === 'fail');
  expect(Object.fromEntries(failed.map((check) => [check.id, check.detail]))).toEqual({
    'connect.http-legacy': expect.stringContaining('answered before any tools message'),
    'request.call': 'answered ok, but the server never received tools/call',
    'error.unknown-request': expect.stringContaining('no response within 1500 ms'),
    'request.refresh': expect.stringContaining('added lookup_invoices silently'),
    'shutdown.exits': expect.stringContaining('exit code 3'),
    'connect.http-modern': expect.stringContaining('before any tools message'),
    'error.connect-refused': 'a connect to a closed port was answered ok: true',
    'schema.every-message': expect.stringContaining("/tools/0 must have required property 'name'"),
  });
  expect(report.ok).toBe(false);
}, 120_000);

test('toolshift driver-check exits 1 for a driver without a hello and 2 for a client that is not a command', async () => {
  const out: string[] = [];
  const io = {
    out: { write: (text: string) => out.push(text) } as unknown as NodeJS.WritableStream,
    err: { write: (text: string) => out.push(text) } as unknown as NodeJS.WritableStream,
  };
  expect(await runCli(['driver-check', `command:${process.execPath} -e "console.log('hi')"`], io)).toBe(1);
  expect(out.join('')).toMatch(/fail\s+handshake\.hello\s+its first line was not a valid hello message/);
  expect(await runCli(['driver-check', 'reference'], io)).toBe(2);
  expect(out.join('')).toContain("driver-check takes a client program as 'command:<shell command>'");
}, 60_000);
