import type { TranscriptFrame } from '@toolshift/fake-server';
import { type CheckContext, type CheckServer, LOOKUP } from './check-context.js';
import type { CheckSession } from './check-session.js';

const methodOf = (frame: TranscriptFrame) =>
  frame.direction === 'in' && frame.kind === 'message'
    ? (frame.message as { method?: unknown } | undefined)?.method
    : undefined;
const cursorOf = (frame: TranscriptFrame) =>
  (frame.message as { params?: { cursor?: unknown } } | undefined)?.params?.cursor;

/**
 * `request.restart-client` (feature `restart-client`), on a connected session: the host drops its
 * client and builds a new one from what it persisted, connecting the server again the way it does
 * on startup. Judged on the wire, between the request and its answer: the client started again (a
 * new `initialize` or `server/discover`, or — resuming the session id it stored — a request on that
 * session), it re-discovered the server (a `tools/list` from page one), and it reported the server's
 * current tool set again (a `tools` message after the request); then a `call` still reaches the
 * server, from the same driver process.
 */
export async function checkRestartClient(
  ctx: CheckContext,
  s: CheckSession,
  primary: CheckServer,
): Promise<void> {
  const id = 'request.restart-client';
  await ctx.gated('restart-client', id, async () => {
    const frames = primary.fake.transcript.frames;
    const mark = primary.fake.transcript.lastSeq;
    const sessions = new Set(frames.flatMap((frame) => (frame.sessionId ? [frame.sessionId] : [])));
    const reportsBefore = s.reports.length;
    const outcome = await s.ask({ type: 'restart-client' }, ctx.requestMs);
    if (!outcome.ok) {
      ctx.record(id, 'fail', `${outcome.error}${s.tail()}`);
      return;
    }
    const answeredAt = primary.fake.transcript.lastSeq;
    const window = primary.fake.transcript.frames.filter(
      (frame) => frame.seq > mark && frame.seq <= answeredAt,
    );
    const started = window.find((frame) =>
      ['initialize', 'server/discover'].includes(String(methodOf(frame))),
    );
    const resumed = window.find(
      (frame) =>
        methodOf(frame) !== undefined && frame.sessionId !== undefined && sessions.has(frame.sessionId),
    );
    const relisted = window.find(
      (frame) => methodOf(frame) === 'tools/list' && cursorOf(frame) === undefined,
    );
    const catalog = primary.fake
      .tools()
      .map((each) => each.name)
      .sort();
    const reported = s.reports
      .slice(reportsBefore)
      .filter((report) => report.serverId === 'primary')
      .at(-1);
    const missing: string[] = [];
    if (!started && !resumed)
      missing.push(
        'the server saw no new initialize (or server/discover) and no request on the session it held before: the client did not start again',
      );
    if (!relisted)
      missing.push('the server saw no tools/list from page one: the client did not re-discover it');
    if (!reported)
      missing.push(
        'the driver sent no tools message for primary after the request (report the tool set again)',
      );
    else if (JSON.stringify([...reported.names].sort()) !== JSON.stringify(catalog))
      missing.push(
        `the tools reported after the restart are [${reported.names.join(', ')}]; the server serves [${catalog.join(', ')}]`,
      );
    if (s.program.ended)
      missing.push('the driver process ended (a restart rebuilds the client inside the driver)');
    if (missing.length) {
      ctx.record(id, 'fail', `answered ok, but between the request and its answer ${missing.join('; ')}`);
      return;
    }
    const callMark = primary.fake.transcript.lastSeq;
    const call = await s.ask(
      { type: 'call', serverId: 'primary', tool: LOOKUP.name, arguments: { query: 'after restart' } },
      ctx.requestMs,
    );
    const reached = primary.fake.transcript.frames.some(
      (frame) => frame.seq > callMark && methodOf(frame) === 'tools/call',
    );
    if (!call.ok || !reached) {
      ctx.record(
        id,
        'fail',
        `restarted, but the call after it ${call.ok ? 'never reached the server' : `failed: ${call.error}`}`,
      );
      return;
    }
    ctx.record(
      id,
      'pass',
      `${started ? `new ${String(methodOf(started))} (#${started.seq})` : `resumed session ${resumed!.sessionId} (#${resumed!.seq})`}, page-one tools/list (#${relisted!.seq}), tools [${reported!.names.join(', ')}] reported again; a call after it reached the server`,
    );
  });
}
