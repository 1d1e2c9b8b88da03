// Issue 26, "Why" bullet 7: model.calls-routed failed the reference client (and a correct control)
// on a scenario it passed before: the server restarts mid-run without a tool the model was shown,
// the model calls the removed tool twice from the request it saw, then calls its successor. A
// correct client refuses the stale calls itself (nothing reaches the server) and runs the
// successor; the check demanded the removed tool run on the server.

import { restartServer, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { describedTool } from '../../catalog/tools.js';
import type { ClientAdapterFactory, ModelCallResult } from '../../src/adapters/client-adapter.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { ReferenceClientAdapter, referenceClient } from '../../src/adapters/reference-adapter.js';
import { runCell } from '../../src/runner/run-cell.js';
import type { Scenario } from '../../src/scenario.js';

export const restartedWithoutTool: Scenario = {
  id: 'restart-drops-a-tool-the-model-was-shown',
  title:
    'The server restarts without export_report (export_pdf replaces it): the model calls export_report twice from the request it was shown, then export_pdf; each call runs exactly what the model picked or is refused, never redirected.',
  eras: ['legacy', 'modern'],
  transports: ['http'],
  requires: ['model-exposure'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('restart-drops')
        .tools(
          describedTool('export_report', 'Exports the report as a spreadsheet.'),
          describedTool('list_reports', 'Lists the saved reports.'),
        )
        .step(
          'restart',
          restartServer({
            tools: [
              describedTool('list_reports', 'Lists the saved reports.'),
              describedTool('export_pdf', 'Exports the report as a PDF document.'),
            ],
          }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-request' },
    { do: 'step', step: 'restart' },
    { do: 'settle' },
    {
      do: 'model-call',
      pick: { description: 'as a spreadsheet', from: 'last-request' },
      arguments: { query: 'q3' },
    },
    {
      do: 'model-call',
      pick: { description: 'as a spreadsheet', from: 'last-request' },
      arguments: { query: 'q3' },
    },
    { do: 'model-call', pick: { description: 'as a PDF' }, arguments: { query: 'q3' } },
  ],
  checks: [{ invariant: 'model.calls-routed' }, { invariant: 'model.every-call-answered' }],
};

const clients: ClientAdapterFactory[] = [
  CLIENT_ADAPTERS.reference!,
  CLIENT_ADAPTERS['unusual:prefixes-names']!,
];

/** A host that runs the closest current tool when the model calls one the server no longer has. */
class RedirectsStaleCalls extends ReferenceClientAdapter {
  override async modelCall(
    name: string,
    args: Record<string, unknown>,
    options: { provider?: string },
  ): Promise<ModelCallResult> {
    const current = await this.modelRequest(options);
    const successor = current.tools.find((tool) => tool.toolName === 'export_pdf');
    const stale = !current.tools.some((tool) => tool.name === name);
    return super.modelCall(stale && successor ? successor.name : name, args, options);
  }
}

describe('model.calls-routed after a restart that removed the tool the model called', () => {
  for (const client of clients)
    test.each(['legacy', 'modern'] as const)(
      `${client.name} passes (%s)`,
      async (era) => {
        const result = await runCell(restartedWithoutTool, era, client, { transport: 'http' });
        const routed = result.verdicts.find((verdict) => verdict.checkId === 'model.calls-routed');
        expect(routed, JSON.stringify(result.verdicts, null, 1)).toMatchObject({ status: 'pass' });
      },
      60_000,
    );

  test('a host that redirects the stale call to the successor still fails', async () => {
    const redirects: ClientAdapterFactory = {
      ...referenceClient,
      name: 'redirects-stale-calls',
      kind: 'external',
      create: () => new RedirectsStaleCalls(),
    };
    const result = await runCell(restartedWithoutTool, 'modern', redirects, { transport: 'http' });
    const routed = result.verdicts.find((verdict) => verdict.checkId === 'model.calls-routed');
    expect(routed, JSON.stringify(result.verdicts, null, 1)).toMatchObject({ status: 'fail' });
    expect(routed!.message).toContain("tools/call 'export_pdf'");
  }, 60_000);
});
