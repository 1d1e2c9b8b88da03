import type { LegacySession } from '../../world/legacy-session.js';
import type { World } from '../../world/world.js';
import type { EraOutcome, EraRequest } from '../era.js';
import { type MethodPlan, progressNotification } from '../method-plan.js';
import { answer, type HttpRefusal, handlerMessage, refuse, sseHeaders } from '../responses.js';
import { writeStreamAnswer } from '../stream-answer.js';
import { WireErrorCode } from '../wire-error.js';
import { forgetPostStream, openPostStream, sendOnStream } from './legacy-streams.js';

/**
 * Answers a request of `session` as JSON, or on its own SSE stream (`streams.postResponse: sse`,
 * or progress to send first), opened before the method runs so `received`-phase steps can send on
 * it. A result fixed at arrival is chosen before those steps run.
 * @see ../shared/spec/mcp-discovery-spec.md §5.2
 */
export function answerInSession(
  world: World,
  req: EraRequest,
  session: LegacySession,
  id: string | number,
  plan: MethodPlan,
): EraOutcome {
  const post =
    plan.onStream || world.settings.streams.postResponse === 'sse'
      ? openPostStream(world, session, { ...req.frame, sessionId: session.id })
      : undefined;
  const early = plan.atArrival ? plan.run() : undefined;
  if (post && plan.progress) {
    for (const step of plan.progress.steps)
      sendOnStream(post.stream, post.history, progressNotification(plan.progress.token, step));
  }
  req.onReceived?.();
  const outcome = early ?? plan.run();
  const hold = plan.hold ? { hold: plan.hold } : {};
  if (!post) {
    if (outcome.kind === 'stream') return refuse(internal(), id);
    return {
      ...answer(id, outcome, world.settings.jsonRpcErrorStatus),
      sessionId: session.id,
      ...hold,
    };
  }
  return {
    response: { status: 200, headers: sseHeaders(), reply: { kind: 'stream', stream: post.stream.stream } },
    sessionId: session.id,
    ...(outcome.kind === 'result' && outcome.pageServed !== undefined
      ? { pageServed: outcome.pageServed }
      : {}),
    ...hold,
    ...(outcome.kind === 'result' && outcome.relay ? { relay: outcome.relay } : {}),
    deferred: {
      message: handlerMessage(id, outcome),
      stream: post.stream,
      write: (payload) => {
        writeStreamAnswer(post.stream, post.history, payload);
        forgetPostStream(session, post);
      },
    },
  };
}

function internal(): HttpRefusal {
  return { status: 500, code: WireErrorCode.InternalError, message: 'Internal error' };
}
