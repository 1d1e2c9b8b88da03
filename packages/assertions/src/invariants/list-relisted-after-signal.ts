import type { TranscriptFrame } from '@toolshift/fake-server';
import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { connectionFrames } from '../run-record.js';
import { type ChangeFamily, noChangeNotification } from '../unheard-change.js';
import { fail, pass } from '../verdict.js';
import { sentMessages } from '../wire-requests.js';

const SHAPE = { fields: { list: 'string' }, required: ['list'] } as const;
const LISTS: Readonly<Record<string, { methods: string[]; signal: string }>> = {
  tools: { methods: ['tools/list'], signal: 'notifications/tools/list_changed' },
  resources: {
    methods: ['resources/list', 'resources/templates/list'],
    signal: 'notifications/resources/list_changed',
  },
  prompts: { methods: ['prompts/list'], signal: 'notifications/prompts/list_changed' },
};

/**
 * After each `notifications/<list>/list_changed` the server delivered on this connection, the
 * client lists that family again (`tools/list`; `resources/list` or `resources/templates/list`;
 * `prompts/list`). Params: `list` (`tools`, `resources`, `prompts`). Inconclusive when no such
 * notification reached the client (nothing to act on).
 */
export const listRelistedAfterSignal: Invariant = {
  id: 'change.list-relisted-after-signal',
  title:
    'Each list_changed notification of a list (tools, resources, prompts) is followed by a listing of that list.',
  source: 'spec 2025-11-25 §4.1, 2026-07-28 §4.2 (list_changed of every list); issue 10',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: re-list a list whose change was announced (tools, resources, prompts)`,
  },
  params: SHAPE,
  validateParams(params) {
    const problem = paramProblem(params, SHAPE);
    if (problem) return problem;
    return LISTS[String(params?.list)] ? undefined : "parameter 'list' must be tools, resources or prompts";
  },
  check(run, params = {}) {
    const family = LISTS[String(params.list)] as { methods: string[]; signal: string };
    const frames = connectionFrames(run, run.serverId);
    const signals = frames.filter(
      (frame: TranscriptFrame) =>
        frame.direction === 'out' &&
        frame.kind === 'message' &&
        (frame.message as { method?: unknown } | undefined)?.method === family.signal,
    );
    // No notification: the client's doing when the list changed while it kept no channel open for
    // it (the server's note says so and the client never opened one); else staging.
    if (signals.length === 0) return noChangeNotification(this.id, run, String(params.list) as ChangeFamily);
    const listings = sentMessages(frames).filter((message) => family.methods.includes(message.method));
    const missed = signals.filter((signal) => !listings.some((listing) => listing.frame.seq > signal.seq));
    const last = signals.at(-1) as TranscriptFrame;
    if (missed.length === 0)
      return pass(
        this.id,
        `${run.serverId}: the client listed ${params.list} again after ${signals.length} ${family.signal}.`,
        [
          { seq: last.seq, note: family.signal },
          ...listings
            .filter((l) => l.frame.seq > last.seq)
            .slice(0, 1)
            .map((l) => ({ seq: l.frame.seq, note: l.method })),
        ],
      );
    return fail(
      this.id,
      `${run.serverId}: no ${family.methods.join(' or ')} followed ${family.signal} (#${missed[0]?.seq}).`,
      missed
        .slice(0, 4)
        .map((signal) => ({ seq: signal.seq, note: `${family.signal}, not followed by a listing` })),
      listings.length > 0
        ? `it listed ${params.list} ${listings.length} time(s), all before`
        : `it never listed ${params.list}`,
    );
  },
};
