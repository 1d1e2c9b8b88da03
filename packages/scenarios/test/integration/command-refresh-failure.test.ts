import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { type RawCellResult, runCell } from '../../src/runner/run-cell.js';

// AU-02: "refresh tools" with an expired token must not silently no-op: the 401 is reported. A command
// driver's library that rejects that refresh is the host reporting it (a warning), as the in-process
// SDK adapter does, not an action that broke (issue 13: go-sdk, mcp-go and the Java SDK failed
// runner.action-completed for doing exactly what the scenario asks).
const program = fileURLToPath(new URL('../fixtures/command-clients/refresh-rejected.mjs', import.meta.url));
const scenario = SCENARIOS.find((candidate) => candidate.id === 'au-02-refresh-after-expiry')!;

async function run(mode: 'rejects' | 'unsupported' | 'exits'): Promise<RawCellResult> {
  const factory = await createCommandClient(
    `TOOLSHIFT_TEST_REFRESH=${mode} ${process.execPath} ${JSON.stringify(program)}`,
  );
  return runCell(scenario, 'legacy', factory, { transport: 'http', settleTimeoutMs: 300 });
}
const actionCompleted = (result: RawCellResult) =>
  result.verdicts.find((verdict) => verdict.checkId === 'runner.action-completed');

test('a refresh the driver answers with its library error is a warning to the user, not a failed action', async () => {
  const result = await run('rejects');
  expect(actionCompleted(result)?.status).not.toBe('fail');
  expect(result.observations).toContainEqual(
    expect.objectContaining({
      kind: 'warning',
      serverId: 'crm',
      message: 'refresh failed: Unauthorized: the access token expired (HTTP 401)',
    }),
  );
}, 60_000);

test('a refresh the driver does not implement, or a driver that ends during it, still fails the action', async () => {
  for (const mode of ['unsupported', 'exits'] as const) {
    const result = await run(mode);
    expect(actionCompleted(result)?.status, mode).toBe('fail');
    expect(actionCompleted(result)?.message, mode).toMatch(/^Action 4 \(refresh\) did not complete: /);
    expect(
      result.observations.some((o) => o.kind === 'warning'),
      mode,
    ).toBe(false);
  }
}, 60_000);
