import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { Era } from '../transcript/transcript-frame.js';
import type { Principal } from '../world/principal.js';
import type { AnswerRule, ProgressStep } from '../world/scripted-answers.js';
import type { World } from '../world/world.js';
import type { HandlerResult } from './method-handler.js';
import { scriptedCallResult } from './tools-call.js';

/** How long an answer is held after its method ran: until a script step ran, or for ever (never answered). */
export type AnswerHold = { untilStep: string } | { forever: true };

/**
 * How one request is answered once it passed its era's checks: what runs, what is sent before the
 * answer, when the answer is chosen, whether it travels on the request's own stream and how long
 * it is held. Built by {@link planMethod}; both era engines carry it out.
 */
export interface MethodPlan {
  /** Produces the answer (a result, an error, or a stream). */
  run(): HandlerResult;
  /** True when a script's `answers` entry answers the request (scope checks do not apply). */
  scripted: boolean;
  /** Run before the request's `received` moment, so the answer is the one chosen at arrival. */
  atArrival: boolean;
  /** `notifications/progress` to send first, with the request's progress token. */
  progress?: { token: string | number; steps: readonly ProgressStep[] };
  /** True when the answer must travel on the request's own SSE stream (progress comes first). */
  onStream: boolean;
  hold?: AnswerHold;
}

/** What {@link planMethod} needs about the request. */
export interface PlanRequest {
  world: World;
  era: Era;
  method: string;
  params: Record<string, unknown> | undefined;
  principal: Principal;
  /** The era's handler for the method, when it has one. */
  handler: (() => HandlerResult) | undefined;
  /** Wraps a result the era way (modern: `resultType` and server identity). */
  wrapResult(result: Record<string, unknown>): Record<string, unknown>;
  /** Records a server-side fact as evidence. */
  note(text: string): void;
}

/**
 * Plans one request: a matching `answers` entry of the script wins over the method's handler (so
 * even an unknown method can be answered), else the handler runs, else `undefined` (-32601). A
 * `tools/call` result, and any scripted answer, is chosen at arrival unless `server.callResultsAt`
 * is `answer`.
 * @see ../shared/spec/mcp-discovery-spec.md §3
 */
export function planMethod(request: PlanRequest): MethodPlan | undefined {
  const { world, method, params } = request;
  const rule = world.answers.take(method, params);
  const atArrival =
    world.settings.callResultsAt === 'arrival' && (rule !== undefined || method === 'tools/call');
  if (!rule) {
    if (!request.handler) return undefined;
    return { run: request.handler, scripted: false, atArrival, onStream: false };
  }
  const progress = progressOf(rule, params, request.note);
  return {
    run: () => scriptedAnswer(rule, request),
    scripted: true,
    atArrival,
    onStream: progress !== undefined,
    ...(progress ? { progress } : {}),
    ...(rule.unanswered ? { hold: { forever: true as const } } : {}),
    ...(rule.holdUntil !== undefined && !rule.unanswered ? { hold: { untilStep: rule.holdUntil } } : {}),
  };
}

function scriptedAnswer(rule: AnswerRule, request: PlanRequest): HandlerResult {
  if (rule.error) {
    const { code, message, data, httpStatus } = rule.error;
    return {
      kind: 'error',
      code,
      message,
      ...(data === undefined ? {} : { data }),
      ...(httpStatus === undefined ? {} : { httpStatus }),
    };
  }
  if (rule.unanswered) return { kind: 'result', result: {} };
  const result = rule.result ?? {};
  if (request.method === 'tools/call')
    return {
      kind: 'result',
      result: request.wrapResult(scriptedCallResult(request.world, result, request.params)),
    };
  return { kind: 'result', result: structuredClone(result) as Record<string, unknown> };
}

function progressOf(
  rule: AnswerRule,
  params: Record<string, unknown> | undefined,
  note: (text: string) => void,
): MethodPlan['progress'] {
  if (!rule.progress || rule.progress.length === 0) return undefined;
  const meta = params?._meta;
  const token =
    typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>).progressToken : undefined;
  if (typeof token !== 'string' && typeof token !== 'number') {
    note(
      `${rule.progress.length} progress notification(s) not sent: the request carried no _meta.progressToken`,
    );
    return undefined;
  }
  return { token, steps: rule.progress };
}

/** A plan that just runs `run` (no script answer, no progress, nothing held). */
export function simplePlan(run: () => HandlerResult): MethodPlan {
  return { run, scripted: false, atArrival: false, onStream: false };
}

/** A `notifications/progress` for one progress step. */
export function progressNotification(token: string | number, step: ProgressStep): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: token, ...step },
  } as JSONRPCMessage;
}
