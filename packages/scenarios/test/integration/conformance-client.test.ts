// `toolshift run --command "<cmd>"`: conformance-style client programs, run per cell as the official
// MCP conformance suite runs them (`<cmd> <serverUrl>`, MCP_CONFORMANCE_* variables), judged on the
// wire only; and the official suite's expected-failures format as a baseline.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/program.js';

const example = fileURLToPath(
  new URL('../../examples/conformance-client/everything-client.mjs', import.meta.url),
);
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/conformance-clients/${name}.mjs`, import.meta.url));

interface Verdict {
  checkId: string;
  status: string;
  message: string;
}
interface Report {
  exitCode: number;
  results: Array<{
    scenarioId: string;
    era: string;
    client: string;
    status: string;
    notApplicable?: string;
    verdicts: Verdict[];
    clientStderr?: { text: string; truncatedChars: number };
  }>;
}

async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-conformance-'));
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (chunk) => {
    stdout += chunk;
  });
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const code = await runCli([...args, '--json', 'report.json'], { out, err, cwd: dir });
    let report: Report | undefined;
    try {
      report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
    } catch {
      report = undefined;
    }
    return { code, stdout, stderr, report, dir };
  } finally {
    process.env = saved;
  }
}

const statuses = (verdicts: Verdict[]) => Object.fromEntries(verdicts.map((v) => [v.checkId, v.status]));

describe('a conformance-style program written like the suite’s example clients', () => {
  test('passes what the wire shows, judges what it holds on its last complete listing, and marks the checks that need its observations n/a, with the reason', async () => {
    const run = await cli([
      'run',
      '--command',
      `node ${example}`,
      '--scenario',
      'one-valid-tool,tool-added-at-runtime',
      '--era',
      'both',
      '--transport',
      'http',
      // Passing rows, with their detail column, print only with --verbose.
      '--verbose',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.report!.results.map((r) => `${r.scenarioId}/${r.era}/${r.client}/${r.status}`)).toEqual([
      'one-valid-tool/legacy/conformance/pass',
      'one-valid-tool/modern/conformance/pass',
      'tool-added-at-runtime/legacy/conformance/pass',
      'tool-added-at-runtime/modern/conformance/pass',
    ]);
    const added = run.report!.results.find(
      (r) => r.scenarioId === 'tool-added-at-runtime' && r.era === 'modern',
    )!;
    expect(statuses(added.verdicts)).toMatchObject({
      'modern.subscribes-to-tool-changes': 'pass',
      'change.relists-after-signal': 'pass',
      'change.relist-completes-after-signal': 'pass',
      // What it ends up holding is judged on its last complete listing (issue 26: never n/a when essential).
      'registry.matches-final-catalog': 'pass',
      'registry.no-stale-exposure': 'n/a',
      'calls.current-tools-callable': 'n/a',
    });
    const held = added.verdicts.find((v) => v.checkId === 'registry.matches-final-catalog')!;
    expect(held.message).toMatch(
      /^Judged on the wire, the client's last complete tools\/list standing for what it holds: /,
    );
    const na = added.verdicts.find((v) => v.checkId === 'registry.no-stale-exposure')!;
    expect(na.message).toMatch(
      /needs what the client exposed, called or reported, and this client is judged on the wire only/,
    );
    expect(run.stdout).toMatch(
      /tool-added-at-runtime +modern +http +conformance +pass +judged on the wire: 5 of 7 checks, 4 of 5 essential ones passed/,
    );
  }, 120_000);

  test('is started as `<cmd> <serverUrl>` with MCP_CONFORMANCE_SCENARIO, _PROTOCOL_VERSION and _CONTEXT as the official suite sets them', async () => {
    const dumps = await mkdtemp(join(tmpdir(), 'toolshift-conformance-dump-'));
    const scenarioFile = join(dumps, 'token.yaml');
    await writeFile(
      scenarioFile,
      [
        'toolshiftScenario: 1',
        'id: bearer-listing',
        'title: A server that wants a bearer token.',
        'source: [{ spec: 2026-07-28 §7 }]',
        'eras: [legacy, modern, dual]',
        'transports: [http]',
        'servers:',
        '  - id: primary',
        '    bearerToken: token-alice',
        '    script:',
        '      toolshiftScript: 1',
        '      catalog: { tools: [{ name: alpha, inputSchema: { type: object } }] }',
        '      auth: { tokens: [{ token: token-alice, principal: alice, scopes: [repo] }] }',
        'clientActions: [{ do: connect }, { do: settle }]',
        'checks:',
        '  - { invariant: discovery.follows-every-cursor, cites: { spec: 2026-07-28 §2.5 } }',
        '',
      ].join('\n'),
    );
    const run = await cli(
      [
        'run',
        '--command',
        `node ${fixture('env-dump-client')}`,
        '--scenario-file',
        scenarioFile,
        '--era',
        'all',
      ],
      { DUMP_DIR: dumps },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const files = (await readdir(dumps)).filter((file) => file.startsWith('bearer-listing-'));
    const started = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(join(dumps, file), 'utf8'))),
    );
    expect(started).toHaveLength(3);
    const byEra = Object.fromEntries(started.map((dump) => [dump.context.era, dump]));
    for (const [era, version] of [
      ['legacy', '2025-11-25'],
      ['modern', '2026-07-28'],
      ['dual', null],
    ] as const) {
      const dump = byEra[era];
      expect(dump.scenario).toBe('bearer-listing');
      expect(dump.version).toBe(version);
      expect(dump.argv.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(dump.context).toEqual({
        name: 'bearer-listing',
        serverId: 'primary',
        era,
        bearerToken: 'token-alice',
      });
    }
  }, 120_000);

  test('a scenario whose every check needs the client’s observations is n/a, saying why', async () => {
    const run = await cli(
      [
        'run',
        '--command',
        `node ${fixture('env-dump-client')}`,
        '--scenario',
        'invalid-schema',
        '--era',
        'modern',
        '--transport',
        'http',
      ],
      { DUMP_DIR: tmpdir() },
    );
    expect(run.report!.results[0]).toMatchObject({
      status: 'n/a',
      notApplicable: expect.stringContaining('judged on the wire only'),
    });
  }, 60_000);
});

describe('a conformance-style program toolshift must fail', () => {
  test.each([
    ['legacy', 'change.relists-after-signal'],
    ['modern', 'modern.subscribes-to-tool-changes'],
  ])(
    'one that ignores changes fails in a %s cell: %s',
    async (era, check) => {
      const run = await cli([
        'run',
        '--command',
        `node ${fixture('lists-once-client')}`,
        '--scenario',
        'tool-added-at-runtime',
        '--era',
        era,
        '--transport',
        'http',
        '--settle-timeout',
        '1500',
      ]);
      expect(run.code).toBe(1);
      const cell = run.report!.results[0]!;
      expect(cell.status).toBe('fail');
      expect(statuses(cell.verdicts)[check]).toBe('fail');
      expect(statuses(cell.verdicts)['runner.program-exit']).toBeUndefined();
    },
    60_000,
  );

  test('one that ends by itself with a non-zero status fails runner.program-exit, quoting its output', async () => {
    const run = await cli([
      'run',
      '--command',
      `node ${fixture('fails-after-listing-client')}`,
      '--scenario',
      'one-valid-tool',
      '--era',
      'legacy',
      '--transport',
      'http',
    ]);
    expect(run.code).toBe(1);
    const exit = run.report!.results[0]!.verdicts.find((v) => v.checkId === 'runner.program-exit')!;
    expect(exit.status).toBe('fail');
    expect(exit.message).toContain('ended with exit code 2 by itself');
    expect(exit.message).toContain('stderr: assertion failed: expected tool beta to be listed');
    // The cell keeps what the program wrote to stderr (the JUnit report's <system-err>).
    expect(run.report!.results[0]!.clientStderr).toEqual({
      text: expect.stringContaining('assertion failed: expected tool beta to be listed\n'),
      truncatedChars: 0,
    });
  }, 60_000);

  test('one that does not know the scenario exits 1 before listing: the connect fails and so does its exit', async () => {
    const run = await cli([
      'run',
      '--command',
      `node ${example}`,
      '--scenario',
      'pg-01-ignores-next-cursor',
      '--era',
      'modern',
      '--transport',
      'http',
    ]);
    expect(run.code).toBe(1);
    const verdicts = run.report!.results[0]!.verdicts;
    expect(statuses(verdicts)).toMatchObject({
      'runner.program-exit': 'fail',
      'runner.client-connected': 'fail',
    });
    expect(verdicts.find((v) => v.checkId === 'runner.client-connected')!.message).toContain(
      'Unknown scenario: pg-01-ignores-next-cursor',
    );
  }, 60_000);
});

describe('the official suite’s client scenario names', () => {
  test('a client written for the suite runs unchanged: --scenario initialize,tools_call runs the scenarios standing for them, and the program is told the suite’s names', async () => {
    const run = await cli([
      'run',
      '--command',
      `node ${fixture('suite-names-client')}`,
      '--scenario',
      'initialize',
      'tools_call',
      'tools-call',
      '--era',
      'all',
      '--no-baseline',
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(
      run.report!.results.map((result) => `${result.scenarioId}/${result.era} ${result.status}`),
    ).toEqual([
      'conformance-initialize/legacy pass',
      'conformance-tools-call/legacy pass',
      'conformance-tools-call/modern pass',
    ]);
    const called = run.report!.results[1]!.verdicts.find(
      (verdict) => verdict.checkId === 'wire.add-numbers-called',
    );
    expect(called).toMatchObject({ status: 'pass' });
  }, 120_000);

  test('an unknown name lists the suite names toolshift accepts', async () => {
    const run = await cli(['run', '--command', 'true', '--scenario', 'sse-retry']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "the conformance suite's names toolshift accepts: initialize, tools_call, tools-call",
    );
  });
});

describe('the official suite’s expected-failures format as --baseline', () => {
  async function baseline(lines: string[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'toolshift-conformance-baseline-'));
    const file = join(dir, 'conformance-baseline.yml');
    await writeFile(file, `${lines.join('\n')}\n`);
    return file;
  }
  const brokenRun = (file: string) =>
    cli([
      'run',
      '--command',
      `node ${fixture('lists-once-client')}`,
      '--scenario',
      'tool-added-at-runtime',
      '--era',
      'legacy',
      '--transport',
      'http',
      '--settle-timeout',
      '1500',
      '--baseline',
      file,
    ]);

  test('a per-check entry excuses that check, and entries for the suite’s own scenarios are set aside with a note', async () => {
    const file = await baseline([
      'server:',
      '  - tools-call-with-progress',
      'client:',
      '  - initialize',
      '  - tool-added-at-runtime:change.relists-after-signal',
      '  - tool-added-at-runtime:change.relist-completes-after-signal',
      // Its last complete listing (before the change) stands for what it holds: not the final catalog.
      '  - tool-added-at-runtime:registry.matches-final-catalog',
      '  - auth/basic-dcr',
    ]);
    const run = await brokenRun(file);
    expect(run.code, run.stdout).toBe(0);
    expect(run.report!.results[0]!.status).toBe('known-failure');
    expect(run.stdout).toContain(
      // initialize is the suite's name of toolshift's conformance-initialize: its entry stays.
      'set aside 1 conformance entry for scenarios toolshift does not have: auth/basic-dcr',
    );
  }, 60_000);

  test('a per-check entry does not excuse another failing check (the official rule)', async () => {
    // change.relist-completes-after-signal fails too and is not listed.
    const file = await baseline(['client:', '  - tool-added-at-runtime:change.relists-after-signal']);
    const run = await brokenRun(file);
    expect(run.code).toBe(1);
    expect(run.report!.results[0]!.status).toBe('fail');
  }, 60_000);

  test('a whole-scenario entry for a program that passes is stale (exit 1)', async () => {
    const file = await baseline(['client:', '  - one-valid-tool']);
    const run = await cli([
      'run',
      '--command',
      `node ${example}`,
      '--scenario',
      'one-valid-tool',
      '--era',
      'modern',
      '--transport',
      'http',
      '--baseline',
      file,
    ]);
    expect(run.code).toBe(1);
    expect(run.report!.results[0]!.status).toBe('stale');
  }, 60_000);

  test.each([
    [
      ['client:', '  - tool-added-at-runtime: change.relists-after-signal'],
      "'- scenario: check' is a mapping in YAML",
    ],
    [
      ['client:', '  - one-valid-tool', '  - one-valid-tool:discovery.follows-every-cursor'],
      'the whole scenario already excuses every check',
    ],
    [
      ['client:', '  - one-valid-tool:no.such-check'],
      "names 'no.such-check', which is not a check of one-valid-tool",
    ],
  ])('a malformed file is refused with exit 2 naming the item: %j', async (lines, message) => {
    const run = await brokenRun(await baseline(lines));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  test('without --command, an official-format entry says it needs the conformance-style client', async () => {
    const file = await baseline(['client:', '  - one-valid-tool']);
    const run = await cli(['run', '--client', 'sdk', '--scenario', 'one-valid-tool', '--baseline', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('applies to the conformance-style program of --command');
  });
});
