// Issue 26, "Why" bullet 2: a client whose whole tool list fails to decode (the official SDK
// rejecting a tools/list page because one tool's `_meta` is a string) passed: the registry checks
// were inconclusive when it reported no exposure, runner.tool-set-built was inconclusive by design,
// and one other passing check decided the cell. A failed tool set is a failure.
import { expect, test } from 'vitest';
import { sdkClient } from '../../src/adapters/sdk-adapter.js';
import { runCell } from '../../src/runner/run-cell.js';
import type { Scenario } from '../../src/scenario.js';

const undecodable: Scenario = {
  id: 'tool-meta-is-a-string',
  title: 'A listing whose one tool carries a string _meta: the client lists and exposes the tools it can.',
  eras: ['legacy', 'modern'],
  transports: ['http'],
  servers: [
    {
      id: 'primary',
      script: {
        toolshiftScript: 1,
        catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
        answers: [
          {
            method: 'tools/list',
            result: {
              tools: [
                { name: 'alpha', inputSchema: { type: 'object' } },
                { name: 'beta', inputSchema: { type: 'object' }, _meta: 'not an object' },
              ],
            },
          },
        ],
      },
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle', until: 'quiet' }],
  checks: [
    { invariant: 'registry.final-exposure', params: { exactly: ['alpha'] } },
    { invariant: 'registry.matches-final-catalog' },
    { invariant: 'discovery.follows-every-cursor' },
  ],
};

test.each(['legacy', 'modern'] as const)(
  'a client whose tool list failed to decode fails the registry checks and runner.tool-set-built with its error (%s)',
  async (era) => {
    const result = await runCell(undecodable, era, sdkClient, { transport: 'http', settleTimeoutMs: 1000 });
    const status = (id: string) => result.verdicts.find((verdict) => verdict.checkId === id)?.status;
    expect(result.rawStatus, JSON.stringify(result.verdicts, null, 1)).toBe('fail');
    expect(status('runner.tool-set-built')).toBe('fail');
    expect(status('registry.final-exposure')).toBe('fail');
    expect(status('registry.matches-final-catalog')).toBe('fail');
    // The listing itself was followed to its end: the one check that passed no longer decides the cell.
    expect(status('discovery.follows-every-cursor')).toBe('pass');
    const finalExposure = result.verdicts.find((verdict) => verdict.checkId === 'registry.final-exposure')!;
    expect(finalExposure.message).toMatch(/failed to build its tool set/);
    expect(finalExposure.evidence[0]?.note).toMatch(/^tool set failed: /);
  },
  60_000,
);
