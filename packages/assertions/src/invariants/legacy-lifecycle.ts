import type { TranscriptFrame } from '@toolshift/fake-server';
import { unlessSpoken } from '../era-gate.js';
import type { Invariant } from '../invariant.js';
import { connectionFrames, negotiationOf } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

type Message = {
  method?: string;
  id?: unknown;
  result?: { capabilities?: { tools?: { listChanged?: unknown } } };
};
const message = (frame: TranscriptFrame) => frame.message as Message | undefined;

/**
 * The legacy lifecycle in order, per session: `initialize` first; `notifications/initialized`
 * before any other request of the session (only `ping` may come earlier); and every request of an
 * initialized HTTP session carries `MCP-Protocol-Version`. A session starts at an `initialize` the
 * server accepted (a refused one, e.g. on a modern-only endpoint before the client falls forward,
 * opens none); judged when the client negotiated 2025-11-25 on the wire, whatever the cell's era.
 * @see ../shared/spec/mcp-discovery-spec.md §1.5, §5.2
 */
export const legacyLifecycle: Invariant = {
  id: 'legacy.lifecycle-order',
  title:
    'Legacy sessions go initialize → initialized → requests, each request carrying MCP-Protocol-Version.',
  source:
    'seed 002 (initialize, wait for the response, send notifications/initialized); spec 2025-11-25 §1.5',
  authority: {
    byEra: {
      legacy: {
        level: 'must',
        clauses: [
          'legacy-initialize-first',
          'legacy-initialized-notification',
          'legacy-protocol-version-header',
        ],
      },
      modern: { level: 'advice', basis: 'judged only inside a 2025-11-25 session' },
    },
  },
  check(run) {
    const notLegacy = unlessSpoken(run, 'legacy', this.id);
    if (notLegacy) return notLegacy;
    const opened = new Set(
      negotiationOf(run)
        .attempts.filter((attempt) => attempt.method === 'initialize' && attempt.outcome === 'accepted')
        .map((attempt) => attempt.seq),
    );
    const inbound = connectionFrames(run, run.serverId).filter(
      (f) => f.direction === 'in' && f.era === 'legacy' && message(f)?.method,
    );
    const bySession = new Map<string, TranscriptFrame[]>();
    let current: string | undefined;
    for (const frame of inbound) {
      const m = message(frame)!;
      if (m.method === 'initialize') {
        current = opened.has(frame.seq) ? `init#${frame.seq}` : undefined;
        if (current) bySession.set(current, [frame]);
      } else if (current) bySession.get(current)!.push(frame);
    }
    // Staging: a legacy era was spoken (unlessSpoken) but no session was initialized on this record.
    if (bySession.size === 0) return inconclusive(this.id, 'No legacy session was initialized.');
    for (const frames of bySession.values()) {
      const initialized = frames.findIndex((f) => message(f)?.method === 'notifications/initialized');
      const early = frames.slice(1, initialized === -1 ? undefined : initialized).find((f) => {
        const m = message(f)!;
        return m.id !== undefined && m.method !== 'ping';
      });
      if (early) {
        return fail(
          this.id,
          `${message(early)!.method} was sent at #${early.seq} before notifications/initialized.`,
          [
            { seq: frames[0]!.seq, note: 'initialize' },
            { seq: early.seq, note: `${message(early)!.method} before initialized` },
          ],
          initialized === -1
            ? 'the client never sent notifications/initialized'
            : 'it sent initialized too late',
        );
      }
      const bare = frames
        .slice(1)
        .find(
          (f) =>
            f.transport === 'http' &&
            f.httpMethod === 'POST' &&
            f.headers?.['mcp-protocol-version'] === undefined,
        );
      if (bare) {
        return fail(
          this.id,
          `${message(bare)!.method} at #${bare.seq} lacks the MCP-Protocol-Version header.`,
          [{ seq: bare.seq, note: 'request without MCP-Protocol-Version' }],
        );
      }
    }
    return pass(this.id, `${bySession.size} legacy session(s) followed initialize → initialized → requests.`);
  },
};
