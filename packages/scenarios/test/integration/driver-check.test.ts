import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { formatDriverCheck } from '../../src/cli/driver-check-command.js';
import { runCli } from '../../src/cli/program.js';
import { checkDriver } from '../../src/driver-check/driver-check.js';

const example = fileURLToPath(
  new URL('../../examples/command-client/sdk-command-client.mjs', import.meta.url),
);
const broken = fileURLToPath(new URL('../fixtures/command-clients/broken-driver.mjs', import.meta.url));
const host = fileURLToPath(new URL('../fixtures/command-clients/host-driver.mjs', import.meta.url));
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
    'request.restart-client': 'skip',
    'shutdown.exits': 'pass',
    'request.agent-turn': 'skip',
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

test('a host that restarts its client and runs agent turns properly passes request.restart-client and request.agent-turn, from the wire', async () => {
  const report = await checkDriver(`node ${JSON.stringify(host)} right`);
  const byId = Object.fromEntries(report.checks.map((check) => [check.id, check]));
  expect(byId['request.restart-client']).toMatchObject({
    status: 'pass',
    detail: expect.stringMatching(
      /^new initialize \(#\d+\), page-one tools\/list \(#\d+\), tools \[lookup_orders\] reported again/,
    ),
  });
  expect(byId['request.agent-turn']).toMatchObject({
    status: 'pass',
    detail: expect.stringContaining(
      'the first offering [lookup_orders]; the model called lookup_orders; the server received tools/call lookup_orders',
    ),
  });
  expect(byId['request.agent-turn']!.detail).toContain('the model answered in text');
  expect(report.checks.filter((check) => check.status === 'fail')).toEqual([]);
}, 120_000);

test('a host that answers restart-client and agent-turn without doing them fails both, naming what the wire lacks', async () => {
  const report = await checkDriver(`node ${JSON.stringify(host)} wrong`);
  const failed = Object.fromEntries(
    report.checks.filter((check) => check.status === 'fail').map((check) => [check.id, check.detail]),
  );
  expect(failed).toEqual({
    'request.restart-client': expect.stringContaining(
      'the server saw no new initialize (or server/discover) and no request on the session it held before: the client did not start again; the server saw no tools/list from page one',
    ),
    'request.agent-turn': expect.stringContaining(
      'answered ok, but 1 model request(s), the first offering [lookup_orders]; the model called lookup_orders; the server never received tools/call lookup_orders',
    ),
  });
}, 120_000);

test('a host that never answers restart-client or agent-turn fails both on the timeout', async () => {
  // Long enough for its connects on a busy machine; the two requests it never answers wait it out.
  const report = await checkDriver(`node ${JSON.stringify(host)} silent`, { requestTimeoutMs: 8000 });
  const failed = Object.fromEntries(
    report.checks.filter((check) => check.status === 'fail').map((check) => [check.id, check.detail]),
  );
  expect(failed).toEqual({
    'request.restart-client': expect.stringContaining('restart-client: no response within 8000 ms'),
    'request.agent-turn': expect.stringContaining(
      'agent-turn: no response within 16000 ms; no model request reached the provider',
    ),
  });
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
