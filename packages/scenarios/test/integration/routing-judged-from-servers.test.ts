import { describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import type {
  ClientAdapterFactory,
  ModelCallResult,
  ModelRequest,
} from '../../src/adapters/client-adapter.js';
import { CorpusHost } from '../../src/adapters/unusual/corpus-host.js';
import { CORPUS_CAPABILITIES } from '../../src/adapters/unusual/unusual-factory.js';
import { runCell } from '../../src/runner/run-cell.js';

/**
 * Offers the model each server's `send_email` under its MCP name with its own server's description
 * (no renaming), and routes a model call by that name to the first server holding it: the model
 * chose mail-b's tool by its description, mail-a ran it. The name the model saw points at mail-a
 * first, so only the description it chose by and the servers' transcripts show the shadowing.
 */
class RoutesByToolName extends CorpusHost {
  override async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const request = await super.modelRequest(options);
    return { ...request, tools: request.tools.map((tool) => ({ ...tool, name: tool.toolName })) };
  }
  override async modelCall(name: string, args: Record<string, unknown>): Promise<ModelCallResult> {
    const first = [...this.connections].find(([, connection]) =>
      connection.tools.some((tool) => tool.name === name),
    );
    if (!first) return { isError: true, text: `Unknown tool ${name}` };
    const outcome = await this.callTool(name, args, first[0]);
    return { isError: !outcome.ok, text: outcome.ok ? 'sent' : outcome.error };
  }
}

const factory = (name: string, create: () => CorpusHost): ClientAdapterFactory => ({
  name,
  kind: 'external',
  description: name,
  capabilities: CORPUS_CAPABILITIES,
  create,
});
const nm04 = SCENARIOS.find((scenario) => scenario.id === 'nm-04-same-name-last-wins')!;

describe('model.calls-routed judges which server ran the call from the servers’ transcripts (issue 9, point 4)', () => {
  test('a call the model chose by mail-b’s description that ran on mail-a fails, on both servers', async () => {
    // Before, both checks passed: the name "send_email" resolved to mail-a's entry, and mail-a ran it.
    const cell = await runCell(
      nm04,
      'modern',
      factory('routes-by-tool-name', () => new RoutesByToolName({ naming: 'prefixed' })),
      { transport: 'http' },
    );
    const verdict = (id: string) => cell.verdicts.find((v) => v.checkId === id)!;
    expect(verdict('a-runs-its-calls')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining("mail-b/send_email, chosen by mail-b's description"),
    });
    expect(verdict('b-runs-its-calls')).toMatchObject({
      status: 'fail',
      nearMiss: 'the call ran on another server: a same-named tool shadowed the picked one',
    });
  }, 30_000);

  test('the same host routing by its reverse map passes', async () => {
    const cell = await runCell(
      nm04,
      'modern',
      factory('prefixed', () => new CorpusHost({ naming: 'prefixed' })),
      {
        transport: 'http',
      },
    );
    expect(cell.verdicts.filter((v) => v.status === 'fail')).toEqual([]);
    expect(cell.verdicts.find((v) => v.checkId === 'b-runs-its-calls')?.status).toBe('pass');
  }, 30_000);
});
