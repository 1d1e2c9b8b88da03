// Issue 9, point 9: the same scenario gave clients different frames over msw than over HTTP (no
// Last-Event-ID resumption over msw, a dropped tools/call that hung). This runs scenarios over both
// with the same seed and asserts the client sees the same frames, in the same order.
import { beforeAll, describe, expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import type { CellResult } from '../../src/runner/cell.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { comparableCell } from '../support/comparable-cell.js';

/**
 * Scenarios whose wire behaviour differs most between a socket and an in-process interception:
 * pagination (also an empty-string cursor), list_changed on GET, POST and listen streams, streams
 * the server ends or drops, a dropped tools/call answer resumed with Last-Event-ID, an expired
 * session, auth challenges (their `resource_metadata` URL), two principals on one server, and a
 * notification racing the model's call. Both eras where the scenario has them.
 */
const SELECTION = [
  'paginated-list',
  'pg-05-empty-string-cursor-is-a-cursor',
  'tool-added-to-paginated-list',
  'lc-02-notification-on-post-stream',
  'rc-03-get-stream-closed-without-event-ids',
  'subscription-disconnect',
  'dropped-call-resumed',
  'rc-01-session-404-reinitialize',
  'au-02-refresh-after-expiry',
  'lc-11-per-user-connections',
  'rm-01-tool-removed-mid-turn',
];

const SEED = 20_260_728;

describe('HTTP and msw give clients the same frames (same seed, both eras, reference and official SDK clients)', () => {
  let results: CellResult[];

  beforeAll(async () => {
    const scenarios = SCENARIOS.filter((scenario) => SELECTION.includes(scenario.id));
    expect(scenarios.map((scenario) => scenario.id).sort()).toEqual([...SELECTION].sort());
    const summary = await runSuite({
      scenarios,
      eras: ['legacy', 'modern'],
      transports: ['http', 'msw'],
      clients: [CLIENT_ADAPTERS.reference!, CLIENT_ADAPTERS.sdk!],
      seed: SEED,
      concurrency: 4,
    });
    results = summary.results.filter((result) => result.rawStatus !== 'n/a');
  }, 600_000);

  const pairs = () => {
    const http = results.filter((result) => result.transport === 'http');
    return http.map((over) => {
      const twin = results.find(
        (result) =>
          result.transport === 'msw' &&
          result.scenarioId === over.scenarioId &&
          result.era === over.era &&
          result.client === over.client,
      );
      return { http: over, msw: twin };
    });
  };

  test('every selected scenario ran over both transports', () => {
    expect(pairs().length).toBeGreaterThanOrEqual(SELECTION.length * 2);
    for (const { http, msw } of pairs())
      expect(msw, `${http.scenarioId}/${http.era}/${http.client}`).toBeDefined();
  });

  test('the judged frames are the same, frame for frame: ids, event ids, Last-Event-ID, order', () => {
    for (const { http, msw } of pairs()) {
      const a = comparableCell(http, { withTransport: false });
      const b = comparableCell(msw!, { withTransport: false });
      expect(perConnection(b.frames), a.key).toEqual(perConnection(a.frames));
    }
  });

  test('the verdicts are the same, evidence frames included', () => {
    for (const { http, msw } of pairs()) {
      const a = comparableCell(http, { withTransport: false });
      const b = comparableCell(msw!, { withTransport: false });
      expect({ status: b.status, verdicts: b.verdicts }, a.key).toEqual({
        status: a.status,
        verdicts: a.verdicts,
      });
    }
  });

  test('a dropped tools/call answer is resumed with Last-Event-ID and completes, over both transports', () => {
    const resumed = results.filter((result) => result.scenarioId === 'dropped-call-resumed');
    expect(resumed.map((result) => `${result.transport}/${result.client}`).sort()).toEqual([
      'http/reference',
      'http/sdk',
      'msw/reference',
      'msw/sdk',
    ]);
    for (const result of resumed) {
      expect(result.rawStatus, `${result.transport}/${result.client}`).toBe('pass');
      const resumption = result.transcript.find(
        (frame) => frame.httpMethod === 'GET' && frame.headers?.['last-event-id'] !== undefined,
      );
      expect(resumption?.headers?.['last-event-id'], `${result.transport}/${result.client}`).toMatch(
        /^post-\d+:0$/,
      );
    }
  });
});

/**
 * The frames as each connection saw them: grouped by connection (principal and session), in order
 * within each, without the transcript-wide `seq`. What a client sees is the order on its own
 * connection; how two concurrent connections interleave in one transcript is the transport's timing
 * (an msw handler answers in the same turn, a socket a few turns later), not something a client sees.
 */
function perConnection(frames: readonly string[]): string[] {
  const parsed = frames.map((line) => JSON.parse(line) as Record<string, unknown>);
  const key = (frame: Record<string, unknown>) =>
    `${String(frame.principal ?? '')} ${String(frame.sessionId ?? '')}`;
  const order = [...new Set(parsed.map(key))].sort();
  return order.flatMap((connection) =>
    parsed
      .filter((frame) => key(frame) === connection)
      .map(({ seq: _seq, ...frame }) => JSON.stringify(frame)),
  );
}
