import { expect, test } from 'vitest';
import type { DriverScore } from './run-scorecard.js';
import { detailsPageOf, driverDetailsMarkdown } from './scorecard-markdown.js';

test('rows that share a client name get a detail page each, named with their language', () => {
  const python = { client: 'langchain-mcp-adapters', language: 'python' } as const;
  const typescript = { client: 'langchain-mcp-adapters', language: 'typescript' } as const;
  const goSdk = { client: 'go-sdk', language: 'go' } as const;
  const rows = [python, typescript, goSdk];
  expect(detailsPageOf(python, rows)).toBe('langchain-mcp-adapters-python.md');
  expect(detailsPageOf(typescript, rows)).toBe('langchain-mcp-adapters-typescript.md');
  // A client name of its own keeps the plain page name the README links to.
  expect(detailsPageOf(goSdk, rows)).toBe('go-sdk.md');
});

test('a detail page shows a failure credited to re-asking as such, with why, and a failure no entry explains as unexplained', () => {
  const failure = { checkId: 'change.relisted-within-bound', message: 're-listed late', evidence: [20, 23] };
  const score = {
    id: 'clients/typescript/lib',
    client: 'lib',
    library: 'lib',
    version: '1.0.0',
    language: 'typescript',
    relists: 'before-each-model-request',
    notes: [],
    runOptions: "--client 'command:lib'",
    baseline: 'clients/typescript/lib/baseline.yaml',
    date: '2026-12-02',
    counts: { fail: 2 },
    exitCode: 1,
    findings: [],
    durationMs: 1,
    groups: [
      {
        group: 'list changes',
        grade: 'unconfirmed',
        summary: '',
        cells: [
          {
            scenarioId: 'lc-01-new-tool-offered-to-model',
            era: 'legacy',
            transport: 'http',
            status: 'fail',
            failure,
            reaskedDespite: 'every model-facing check passed because the host listed again',
          },
          { scenarioId: 'tool-added-at-runtime', era: 'legacy', transport: 'http', status: 'fail', failure },
        ],
      },
    ],
  } as unknown as DriverScore;
  const page = driverDetailsMarkdown(score);
  expect(page).toContain(
    '| lc-01-new-tool-offered-to-model | legacy | http | pass (by re-asking) | every model-facing check passed because the host listed again (`change.relisted-within-bound`: re-listed late) |',
  );
  expect(page).toContain('| tool-added-at-runtime | legacy | http | fail (unexplained) |');
  expect(page).toContain('--baseline clients/typescript/lib/baseline.yaml --scenario <id>');
  // The header counts cells as they read, not by their raw status.
  expect(page).toContain('Cells as graded: 1 pass (by re-asking), 1 fail (unexplained);');
});
