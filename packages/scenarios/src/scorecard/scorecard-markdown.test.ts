import { expect, test } from 'vitest';
import type { DriverScore } from './run-scorecard.js';
import {
  detailsPageOf,
  driverDetailsMarkdown,
  README_MATRIX_END,
  README_MATRIX_START,
  scorecardMarkdown,
  withReadmeMatrix,
} from './scorecard-markdown.js';

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

test('the page lists bugs by root cause with their quoted clause, and risks apart, never as bugs', () => {
  const score = {
    id: 'clients/go/lib',
    client: 'lib',
    library: 'example.com/lib',
    version: 'v1.0.0',
    language: 'go',
    relists: 'on-change-signal',
    notes: [],
    runOptions: "--client 'command:lib'",
    date: '2026-12-05',
    counts: {},
    exitCode: 0,
    durationMs: 1,
    eraSupport: {
      legacy: { supported: true, detail: 'ok' },
      modern: { supported: false, detail: 'against a 2026-07-28-only server: initialize answered 400' },
    },
    findings: [],
    rootCauses: [
      {
        id: 'no-session-after-404',
        summary: 'A 404 on the session ends the connection.',
        level: 'must',
        clauses: ['legacy-session-404-new-session'],
        codePath: 'lib/transport.go send',
        repro: 'scorecard/repros/lib/no-session-after-404',
        charged: true,
        cells: [
          {
            scenarioId: 'rc-01-session-404-reinitialize',
            era: 'legacy',
            checkId: 'reconnect.dead-session-dropped',
          },
        ],
      },
      {
        id: 'no-page-cap',
        summary: 'Pages without a bound.',
        level: 'advice',
        basis: 'the spec sets no page cap',
        codePath: 'lib/client.go paginate',
        charged: false,
        cells: [{ scenarioId: 'fresh-cursor-same-page', era: 'legacy', checkId: 'discovery.list-requests' }],
      },
    ],
    groups: [
      {
        group: 'reconnect/session',
        grade: 'fail',
        summary: '',
        rootCauses: ['no-session-after-404'],
        cells: [],
      },
      { group: 'pagination', grade: 'pass', summary: '', risks: ['no-page-cap'], cells: [] },
    ],
  } as unknown as DriverScore;
  const page = scorecardMarkdown([score], {
    command: 'pnpm scorecard',
    eras: ['legacy'],
    transports: ['http'],
    detailsDir: 'scorecard',
  });
  expect(page).toContain('[fail: no-session-after-404](scorecard/lib.md#reconnect-session)');
  expect(page).toContain('[pass](scorecard/lib.md#pagination) · 1 risk');
  expect(page).toContain('2025-11-25, ~~2026-07-28~~');
  expect(page).toContain('[1 bug, 1 risk](scorecard/lib.md#root-causes)');
  const bugs = page.slice(page.indexOf('## Bugs, by root cause'), page.indexOf('## Risks'));
  expect(bugs).toContain('**lib#no-session-after-404**');
  expect(bugs).toContain('on 404 the client MUST start over with a fresh `InitializeRequest` and no id.');
  expect(bugs).toContain('Reproduction: [`scorecard/repros/lib/no-session-after-404`]');
  expect(bugs).not.toContain('no-page-cap');
  expect(page.slice(page.indexOf('## Risks'))).toContain(
    '**lib#no-page-cap** (`example.com/lib` v1.0.0) — **advice**: the spec sets no page cap',
  );
  const details = driverDetailsMarkdown(score);
  expect(details).toContain('2026-07-28 no (against a 2026-07-28-only server: initialize answered 400)');
  expect(details).toContain('## Root causes');
});

test('the README matrix between its markers is replaced by the current one; a README without markers is left alone', () => {
  const row = {
    id: 'clients/go/lib',
    client: 'lib',
    library: 'example.com/lib',
    version: 'v1.0.0',
    language: 'go',
    date: '2026-12-05',
    rootCauses: [],
    groups: [{ group: 'pagination', grade: 'pass', summary: '', cells: [] }],
  } as unknown as DriverScore;
  const readme = `# x\n\n${README_MATRIX_START}\n| old | matrix |\n${README_MATRIX_END}\n\nafter\n`;
  const next = withReadmeMatrix(readme, [row])!;
  expect(next).not.toContain('| old | matrix |');
  expect(next).toContain('| lib | go | `example.com/lib` | v1.0.0 | 2026-12-05 |');
  expect(next.endsWith(`${README_MATRIX_END}\n\nafter\n`)).toBe(true);
  expect(withReadmeMatrix('# no markers\n', [row])).toBeUndefined();
});
