import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { exportCommand } from '../../src/cli/export-command.js';
import { listCommand } from '../../src/cli/list-command.js';
import { runCommand } from '../../src/cli/run-command.js';
import { UsageError } from '../../src/cli/usage-error.js';

function capture() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk) => {
    text += chunk;
  });
  return { out, text: () => text };
}

test('toolshift list shows every scenario with its id, source, and cited checks with their normative level', () => {
  const { out, text } = capture();
  listCommand({}, out);
  for (const scenario of SCENARIOS) expect(text()).toContain(`${scenario.id}  [`);
  expect(text()).toContain('source: case LC-01; spec 2025-11-25 §4.1');
  expect(text()).toContain('check change.relisted-within-bound [advice]  (case LC-01 E1)');
  expect(text()).toContain('check discovery.cursors-echoed [must]  (case PG-01 E1)');
  // A check whose level depends on the era says so per era.
  expect(text()).toContain('check cache.no-cross-principal-leak [advice (legacy) / must (modern)]');
  expect(text()).toMatch(new RegExp(`${SCENARIOS.length} scenarios, \\d+ checks\\n$`));
  const json = capture();
  listCommand({ json: true }, json.out);
  const parsed = JSON.parse(json.text()) as {
    scenarios: Array<{ id: string; requires: string[]; checks: Array<{ id: string; authority: unknown }> }>;
  };
  expect(parsed.scenarios).toHaveLength(SCENARIOS.length);
  const stale = parsed.scenarios.find((s) => s.id === 'expired-cache')!;
  expect(stale.checks.find((c) => c.id === 'discovery.list-requests')!.authority).toMatchObject({
    level: 'should',
    clauses: expect.arrayContaining([expect.any(String)]),
  });
  expect(parsed.scenarios.find((s) => s.id === 'nm-04-same-name-last-wins')!.requires).toEqual([
    'multi-server',
    'model-exposure',
  ]);
});

test('toolshift export writes a scenario file that toolshift run --scenario-file runs, with JSON and JUnit reports', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-cli-'));
  const file = join(dir, 'one-valid-tool.yaml');
  await exportCommand('one-valid-tool', { out: file }, new PassThrough());
  const { out, text } = capture();
  const exitCode = await runCommand(
    {
      client: ['reference'],
      era: 'modern',
      scenarioFile: [file],
      transport: ['http'],
      json: join(dir, 'report.json'),
      junit: join(dir, 'junit.xml'),
      baseline: false,
      verbose: true,
    },
    out,
  );
  expect(exitCode).toBe(0);
  expect(text()).toMatch(/one-valid-tool\s+modern\s+http\s+reference\s+pass/);
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
  expect(report).toMatchObject({ toolshiftReport: 1, exitCode: 0, counts: { pass: 1 } });
  expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toContain('name="one-valid-tool [modern, http]"');
});

test('toolshift run refuses unknown clients, scenarios and transports with a usage error', async () => {
  const run = (options: Partial<Parameters<typeof runCommand>[0]>) =>
    runCommand({ client: ['reference'], era: 'both', baseline: false, ...options }, new PassThrough());
  await expect(run({ client: ['nope'] })).rejects.toThrow(UsageError);
  await expect(run({ scenario: ['no-such-scenario'] })).rejects.toThrow(
    "Unknown scenario 'no-such-scenario'",
  );
  await expect(run({ transport: ['carrier-pigeon'] })).rejects.toThrow("Unknown transport 'carrier-pigeon'");
  await expect(exportCommand('no-such-scenario', {}, new PassThrough())).rejects.toThrow(UsageError);
});
