import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { stringify } from 'yaml';
import { runCli } from '../../src/cli/program.js';

test('a scenario file with three mistakes gets all three errors in one run (exit 2), each naming its rule', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-errors-'));
  const out = new PassThrough();
  const err = new PassThrough();
  let stderr = '';
  err.on('data', (chunk) => {
    stderr += chunk;
  });
  const exported = await runCli(['export', 'empty-list', '--format', 'json'], { out, err, cwd: dir });
  expect(exported).toBe(0);
  const doc = JSON.parse(out.read().toString()) as Record<string, any>;
  doc.source = [{ case: 'MY-1' }]; // a custom case id: the case form's pattern, not "seed is required"
  doc.eras = ['legacy', 'sideways']; // not an era
  doc.checks[0].invariant = 'no.such-invariant'; // an unknown invariant
  await writeFile(join(dir, 'mine.yaml'), stringify(doc));
  const code = await runCli(['run', '--scenario-file', 'mine.yaml', '--client', 'reference'], {
    out,
    err,
    cwd: dir,
  });
  expect(code).toBe(2);
  const lines = stderr.trim().split('\n');
  expect(lines[0]).toBe(`toolshift: Invalid scenario ${join(dir, 'mine.yaml')}: 3 problems:`);
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(/^ {2}\/source\/0\/case "MY-1" must match .* \[pattern\]$/),
    expect.stringMatching(/^ {2}\/eras\/1 must be one of "legacy", "modern", "dual"\. \[anyOf\]$/),
    expect.stringMatching(
      /^ {2}\/checks\/0\/invariant 'no\.such-invariant' is not a known invariant\. \[known-invariant\]$/,
    ),
  ]);
  expect(stderr).not.toContain('seed');
}, 60_000);

/** Runs the CLI in `cwd`, collecting its output. */
async function cli(args: string[], cwd: string) {
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
  const code = await runCli(args, { out, err, cwd });
  return { code, stdout, stderr };
}

test('a server script given to --scenario-file gets one line saying it is a script and what to do, not a problem per field', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-errors-'));
  await writeFile(
    join(dir, 'server.yaml'),
    stringify({
      toolshiftScript: 1,
      catalog: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
      steps: [{ id: 'add', trigger: { afterRequests: 1 }, action: { action: 'emitListChanged' } }],
    }),
  );
  const { code, stderr } = await cli(['run', '--scenario-file', 'server.yaml', '--client', 'reference'], dir);
  expect(code).toBe(2);
  expect(stderr.trimEnd().split('\n')).toEqual([
    `toolshift: Invalid scenario ${join(dir, 'server.yaml')}: it is a server script (it has toolshiftScript, catalog, steps), not a scenario: serve it with 'toolshift serve --script FILE', or make it a scenario server's script (servers: [{ id: primary, script: … }]; 'toolshift export empty-list' writes a scenario to start from).`,
  ]);
});

test('a scenario given to serve --script gets one line saying it is a scenario and how to run it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-errors-'));
  const exported = await cli(['export', 'empty-list', '--out', 'scenario.yaml'], dir);
  expect(exported.code).toBe(0);
  const { code, stderr } = await cli(['serve', '--script', 'scenario.yaml'], dir);
  expect(code).toBe(2);
  expect(stderr.trimEnd().split('\n')).toEqual([
    `toolshift: Failed to load script ${join(dir, 'scenario.yaml')}: it is a toolshift scenario (it has servers, checks, clientActions), not a server script: run it with 'toolshift run --scenario-file FILE', or use the script of one of its servers (servers[i].script).`,
  ]);
});

test('a script file with several mistakes reports each with its JSON pointer in one run', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'toolshift-scenario-errors-'));
  await writeFile(
    join(dir, 'bad.yaml'),
    stringify({
      toolshiftScript: 1,
      pagination: { pageSize: 0 },
      steps: [
        { id: 'a', trigger: { afterRequests: 0 }, action: { action: 'emitListChanged' } },
        { id: 'a', action: { action: 'removeTool', name: 'ghost' } },
      ],
    }),
  );
  const { code, stderr } = await cli(['serve', '--script', 'bad.yaml'], dir);
  expect(code).toBe(2);
  expect(stderr.trimEnd().split('\n')).toEqual([
    `toolshift: Failed to load script ${join(dir, 'bad.yaml')}: 4 problems:`,
    '  /pagination/pageSize must be >= 1 (rule: minimum).',
    "  /steps/0/trigger/afterRequests must be ≥ 1. Use 1 for 'after the first request'. [minimum]",
    "  /steps/1/action/name 'ghost' is not in the catalog and no step adds it. Add it to catalog.tools or fix the name. [knownTool]",
    "  /steps/1/id 'a' is used by an earlier step. Step ids must be unique. [uniqueStepIds]",
  ]);
});
