// Issue 13: tool-result-is-error-with-structured-content looked for the tool's error text only in
// the result's text block, and its structuredContent carried a different wording ("rate_limited").
// Pydantic AI's MCPToolset hands the model the structured form of an error result (the text block
// SHOULD be its serialization, spec 2026-07-28 §3), so a correct client failed the check with the
// tool's own error in hand.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type { AdapterCallOutcome, ClientAdapterFactory } from '../../src/adapters/client-adapter.js';
import { RawExecutionHost } from '../../src/adapters/defects/raw-execution-client.js';
import { validatesErrorResults } from '../../src/adapters/defects/validates-error-results.js';
import { runCell } from '../../src/runner/run-cell.js';

/** A host that reports an error result by its structured form when it has one, else by its text. */
class StructuredErrorHost extends RawExecutionHost {
  override async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const connecting = this.rawClient(this.serverOf(serverId));
    if (!connecting) return { ok: false, error: 'not connected' };
    try {
      const result = (await (
        await connecting
      ).callTool({ name: toolName, arguments: args })) as CallToolResult;
      if (!result.isError) return { ok: true, result };
      return { ok: false, error: JSON.stringify(result.structuredContent ?? result.content) };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }
}

const structuredErrorHost: ClientAdapterFactory = {
  name: 'structured-error-host',
  kind: 'external',
  description: 'reports an error result by its structuredContent',
  capabilities: { transports: ['http'], features: [] },
  create: () => new StructuredErrorHost(),
};

const scenario = SCENARIOS.find((each) => each.id === 'tool-result-is-error-with-structured-content')!;

test.each(['legacy', 'modern'] as const)(
  'a host that reports a tool error by its structured form surfaces the tool’s error (%s)',
  async (era) => {
    const result = await runCell(scenario, era, structuredErrorHost, { transport: 'http' });
    const verdict = result.verdicts.find((each) => each.checkId === 'calls.tool-error-surfaced');
    expect(verdict, JSON.stringify(result.verdicts)).toMatchObject({ status: 'pass' });
  },
);

test('a client that validates the error payload against the outputSchema still fails', async () => {
  const result = await runCell(scenario, 'legacy', validatesErrorResults, { transport: 'http' });
  expect(result.verdicts.find((each) => each.checkId === 'calls.tool-error-surfaced')).toMatchObject({
    status: 'fail',
  });
});
