// Issue 28: `toolshift run --proxy-upstream` judges a real pair: each scenario server is the proxy in
// front of a real server (the official TypeScript SDK's), the scenario's script its overlay.
import { afterEach, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { parseProxyUpstream } from '../../src/runner/proxy-cell.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { cli } from '../support/cli-in-process.js';
import { type OfficialServer, startOfficialServer, TYPESCRIPT_SERVER } from '../support/official-server.js';

let upstream: OfficialServer | undefined;

afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const byId = (id: string) => SCENARIOS.find((scenario) => scenario.id === id)!;

describe('toolshift run --proxy-upstream', () => {
  test('the scenario runs against the real server: the reference client passes, a client ignoring list_changed fails, with the upstream tools in the catalog', async () => {
    upstream = await startOfficialServer();
    const summary = await runSuite({
      scenarios: [byId('tool-added-at-runtime')],
      eras: ['legacy', 'modern'],
      transports: ['http'],
      clients: [CLIENT_ADAPTERS.reference!, CLIENT_ADAPTERS['defect:ignores-list-changed']!],
      proxyUpstream: parseProxyUpstream(upstream.url),
      settleTimeoutMs: 2000,
    });
    const status = (client: string) =>
      summary.results.filter((result) => result.client === client).map((result) => result.rawStatus);
    expect(status('reference')).toEqual(['pass', 'pass']);
    expect(status('defect:ignores-list-changed')).toEqual(['fail', 'fail']);
    const reference = summary.results.find((result) => result.client === 'reference')!;
    const listed = reference.servers[0]!.transcript.find(
      (frame) =>
        frame.direction === 'out' &&
        Array.isArray((frame.message as { result?: { tools?: unknown } })?.result?.tools),
    );
    const names = (
      listed!.message as unknown as { result: { tools: Array<{ name: string }> } }
    ).result.tools.map((tool) => tool.name);
    expect(names).toEqual(['echo', 'add', 'add_tool', 'alpha']);
  }, 120_000);

  test('a scenario that restarts its server is n/a against a real one, and the run says so', async () => {
    upstream = await startOfficialServer();
    const outcome = await cli([
      'run',
      '--proxy-upstream',
      upstream.url,
      '--scenario',
      'rc-05-restart-keeps-old-tools',
      '--client',
      'reference',
      '--transport',
      'http',
      '--era',
      'legacy',
      '--no-baseline',
      '--verbose',
    ]);
    expect(outcome.stdout).toContain('0 of 1 scenario(s) can be expressed as overlays');
    expect(outcome.stdout).toMatch(
      /rc-05-restart-keeps-old-tools: server primary cannot be played over a real upstream: step 'restart'/,
    );
    expect(outcome.stdout).toContain('1 n/a');
    expect(outcome.code).toBe(4);
  }, 60_000);

  test("a failing cell's explain line names the upstream, and explain runs the cell against it again", async () => {
    upstream = await startOfficialServer();
    const selection = ['--scenario', 'tool-added-at-runtime', '--transport', 'http', '--era', 'legacy'];
    const run = await cli([
      'run',
      '--proxy-upstream',
      upstream.url,
      ...selection,
      '--client',
      'defect:ignores-list-changed',
      '--no-baseline',
    ]);
    expect(run.code).toBe(1);
    const cell = 'tool-added-at-runtime/legacy/http/defect:ignores-list-changed';
    expect(run.stdout).toContain(`toolshift explain ${cell} --proxy-upstream ${upstream.url}`);
    const explained = await cli(['explain', cell, '--proxy-upstream', upstream.url]);
    expect(explained.code).toBe(0);
    // The upstream's own tools, as the run judged them (without the upstream the catalog is the script's alone).
    expect(explained.stdout).toContain('add_tool');
  }, 120_000);

  test('over stdio, the proxy starts the upstream for each cell', async () => {
    const summary = await runSuite({
      scenarios: [byId('tool-removed')],
      eras: ['legacy', 'modern'],
      transports: ['http'],
      clients: [CLIENT_ADAPTERS.reference!],
      proxyUpstream: parseProxyUpstream(`${process.execPath} ${TYPESCRIPT_SERVER} --stdio`),
    });
    expect(summary.results.map((result) => result.rawStatus)).toEqual(['pass', 'pass']);
  }, 120_000);
});
