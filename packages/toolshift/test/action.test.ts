// The GitHub Action (action.yml, composite) run here step by step, as the runner would: it installs
// the CLI from the packed tarballs and runs the suite against a client program, writing JUnit and
// JSON reports whose paths are its outputs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readAction, runCompositeAction } from './support/composite-action.js';
import { packWorkspace, workspaceRoot } from './support/workspace-packages.js';

const scratch = mkdtempSync(join(tmpdir(), 'toolshift-action-'));
const workspace = join(scratch, 'workspace');
let packages = '';

beforeAll(() => {
  const tarballs = packWorkspace(join(scratch, 'tarballs'));
  packages = [...tarballs.values()].join(' ');
  mkdirSync(workspace);
}, 600_000);

// An installed node_modules is thousands of files: removing it takes a while on a busy machine.
afterAll(() => rm(scratch, { recursive: true, force: true }), 300_000);

/** A user's environment: no npm_* variables of the pnpm running these tests. */
function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
}

describe('action.yml', () => {
  test('hands every input to its steps as INPUT_<NAME>, named as the runner names inputs', () => {
    const action = readAction(join(workspaceRoot, 'action.yml'));
    const mapped = new Map<string, string>();
    for (const step of action.runs.steps)
      for (const [key, value] of Object.entries(step.env ?? {}))
        if (key.startsWith('INPUT_')) mapped.set(key, String(value));
    const inputs = Object.keys(action.inputs).filter((name) => name !== 'working-directory');
    expect([...mapped.keys()].sort()).toEqual(
      inputs.map((name) => `INPUT_${name.replace(/ /g, '_').toUpperCase()}`).sort(),
    );
    for (const name of inputs)
      expect(mapped.get(`INPUT_${name.replace(/ /g, '_').toUpperCase()}`)).toBe(`\${{ inputs.${name} }}`);
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'json', 'junit']);
  });
});

describe('the action, run step by step', () => {
  test('installs toolshift from the tarballs and runs a client program: exit 0, JUnit and JSON written', () => {
    const runnerTemp = join(scratch, 'runner-temp');
    const client = join(
      runnerTemp,
      'toolshift-action/node_modules/@toolshift/scenarios/examples/command-client/sdk-command-client.mjs',
    );
    const run = runCompositeAction({
      actionPath: workspaceRoot,
      workspace,
      runnerTemp,
      env: userEnv(),
      with: {
        packages,
        'client-command': `node ${client}`,
        scenarios: 'one-valid-tool, tool-added-at-runtime',
        eras: 'both',
        transports: 'http',
        shard: '1/1',
        junit: 'reports/toolshift.xml',
      },
    });
    expect(run.failed, run.log).toBeUndefined();
    expect(run.steps.install?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(run.outputs).toEqual({
      junit: join(workspace, 'reports/toolshift.xml'),
      json: join(workspace, 'toolshift-results/results.json'),
      'exit-code': '0',
    });
    const junit = readFileSync(run.outputs.junit!, 'utf8');
    expect(junit).toContain('<testsuite');
    expect(junit).toContain('one-valid-tool');
    expect(junit).not.toContain('<failure');
    const report = JSON.parse(readFileSync(run.outputs.json!, 'utf8')) as {
      exitCode: number;
      counts: Record<string, number>;
      shard: { index: number; count: number };
    };
    expect(report.exitCode).toBe(0);
    expect(report.shard).toMatchObject({ index: 1, count: 1 });
    expect(report.counts.pass).toBe(4);
    expect(run.summary).toContain('toolshift: matches the baseline');
  }, 600_000);

  test('runs a conformance-style program (`command`) from the installed package, judged on the wire', () => {
    const runnerTemp = join(scratch, 'runner-temp');
    const program = join(
      runnerTemp,
      'toolshift-action/node_modules/@toolshift/scenarios/examples/conformance-client/everything-client.mjs',
    );
    const run = runCompositeAction({
      actionPath: workspaceRoot,
      workspace,
      runnerTemp,
      env: userEnv(),
      with: {
        packages,
        command: `node ${program}`,
        scenarios: 'tool-added-at-runtime',
        eras: 'modern',
        transports: 'http',
        json: 'conformance/results.json',
      },
    });
    expect(run.failed, run.log).toBeUndefined();
    const report = JSON.parse(readFileSync(run.outputs.json!, 'utf8')) as {
      results: Array<{
        client: string;
        status: string;
        verdicts: Array<{ checkId: string; status: string }>;
      }>;
    };
    expect(report.results.map((r) => `${r.client}:${r.status}`)).toEqual(['conformance:pass']);
    expect(report.results[0]!.verdicts.find((v) => v.checkId === 'change.relists-after-signal')?.status).toBe(
      'pass',
    );
  }, 600_000);

  test('a client that fails a scenario fails the step with exit 1, and the report outputs are still set', () => {
    // The same RUNNER_TEMP: a second use of the action in one job finds the CLI installed.
    const runnerTemp = join(scratch, 'runner-temp');
    const run = runCompositeAction({
      actionPath: workspaceRoot,
      workspace,
      runnerTemp,
      env: userEnv(),
      with: {
        packages,
        clients: 'defect:ignores-list-changed',
        scenarios: 'tool-added-at-runtime',
        eras: 'modern',
        baseline: 'none',
        json: 'failing/results.json',
      },
    });
    expect(run.failed).toEqual({ step: 'run', exitCode: 1 });
    expect(run.outputs['exit-code']).toBe('1');
    expect(existsSync(run.outputs.json!)).toBe(true);
    expect(readFileSync(run.outputs.junit!, 'utf8')).toContain('<failure');
    expect(run.summary).toContain('does not match the baseline');
  }, 600_000);

  test('with no packages given, installs from its own checkout (built and packed at its ref), then reuses the packed tarballs', () => {
    const toolCache = join(scratch, 'tool-cache');
    const use = (runnerTemp: string) =>
      runCompositeAction({
        actionPath: workspaceRoot,
        workspace,
        runnerTemp,
        toolCache,
        env: userEnv(),
        with: {
          clients: 'reference',
          scenarios: 'one-valid-tool',
          eras: 'legacy',
          transports: 'http',
          json: 'checkout/results.json',
        },
      });
    const first = use(join(scratch, 'checkout-temp-1'));
    expect(first.failed, first.log).toBeUndefined();
    expect(first.log).toContain("Building and packing the action's checkout");
    expect(first.outputs['exit-code']).toBe('0');
    // Another job on the same runner: the tool cache already holds this ref's tarballs.
    const second = use(join(scratch, 'checkout-temp-2'));
    expect(second.failed, second.log).toBeUndefined();
    expect(second.log).toContain('Using the packages packed earlier at this ref');
    expect(second.log).not.toContain('pnpm build');
  }, 900_000);

  test('merges the JSON reports of shard jobs (merge-reports) into one JSON and JUnit report', () => {
    const runnerTemp = join(scratch, 'runner-temp');
    const shard = (index: number) =>
      runCompositeAction({
        actionPath: workspaceRoot,
        workspace,
        runnerTemp,
        env: userEnv(),
        with: {
          packages,
          clients: 'reference',
          scenarios: 'one-valid-tool, tool-removed',
          eras: 'legacy',
          transports: 'http',
          shard: `${index}/2`,
          json: `shards/shard-${index}.json`,
        },
      });
    for (const index of [1, 2]) expect(shard(index).failed).toBeUndefined();
    const merged = runCompositeAction({
      actionPath: workspaceRoot,
      workspace,
      runnerTemp,
      env: userEnv(),
      with: {
        packages,
        'merge-reports': 'shards/shard-*.json',
        json: 'merged/results.json',
        junit: 'merged/junit.xml',
      },
    });
    expect(merged.failed, merged.log).toBeUndefined();
    const report = JSON.parse(readFileSync(merged.outputs.json!, 'utf8')) as {
      cellCount: number;
      results: unknown[];
    };
    expect(report.results).toHaveLength(2);
    expect(readFileSync(merged.outputs.junit!, 'utf8')).toContain('tool-removed');
  }, 600_000);
});
