import { type Static, Type } from '@sinclair/typebox';
import { FaultSchema } from '../../faults/fault.js';
import type { ActionContext } from './action-context.js';

/**
 * `injectFault`: arms a fault for the next matching requests: `method` (any when omitted) and, for
 * `tools/call`, `tool`; `skip` matching requests pass first; then `times` of them (default 1, or
 * `always`) get the fault. A script using a fault kind its transport cannot produce is rejected
 * when the transport attaches (FAULT_UNSUPPORTED_BY_TRANSPORT).
 */
export const InjectFaultAction = Type.Object(
  {
    action: Type.Literal('injectFault'),
    fault: FaultSchema,
    method: Type.Optional(Type.String({ minLength: 1 })),
    tool: Type.Optional(Type.String({ minLength: 1 })),
    skip: Type.Optional(Type.Integer({ minimum: 0 })),
    times: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('always')])),
  },
  {
    additionalProperties: false,
    description:
      '`injectFault`: arms a fault for the next matching requests: `method` (any when omitted) and, for `tools/call`, `tool`; `skip` matching requests pass first; then `times` of them (default 1, or `always`) get the fault. A script using a fault kind its transport cannot produce is rejected when the transport attaches (FAULT_UNSUPPORTED_BY_TRANSPORT).',
  },
);
export type InjectFaultAction = Static<typeof InjectFaultAction>;

/** `clearFaults`: disarms every armed fault, or those for `method`. */
export const ClearFaultsAction = Type.Object(
  { action: Type.Literal('clearFaults'), method: Type.Optional(Type.String({ minLength: 1 })) },
  {
    additionalProperties: false,
    description: '`clearFaults`: disarms every armed fault, or those for `method`.',
  },
);
export type ClearFaultsAction = Static<typeof ClearFaultsAction>;

export function applyInjectFault(action: InjectFaultAction, ctx: ActionContext): string {
  const times = action.times ?? 1;
  ctx.world.faults.arm({
    fault: action.fault,
    ...(action.method !== undefined ? { method: action.method } : {}),
    ...(action.tool !== undefined ? { tool: action.tool } : {}),
    skip: action.skip ?? 0,
    remaining: times === 'always' ? Number.POSITIVE_INFINITY : times,
    stepId: ctx.stepId,
  });
  return `armed fault '${action.fault.kind}' for ${action.method ?? 'any method'}${action.tool ? ` (${action.tool})` : ''}, ${times === 'always' ? 'always' : `${times} time(s)`}`;
}

export function applyClearFaults(action: ClearFaultsAction, ctx: ActionContext): string {
  const cleared = ctx.world.faults.clear(action.method);
  return `disarmed ${cleared} fault(s)`;
}
