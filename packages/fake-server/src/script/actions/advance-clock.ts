import { type Static, Type } from '@sinclair/typebox';
import type { ActionContext } from './action-context.js';

/**
 * `advanceClock`: moves the logical clock forward by `ms`, so TTLs, token expiry, cursor expiry,
 * delayed notifications and `atTick` steps fall due from the script itself.
 */
export const AdvanceClockAction = Type.Object(
  { action: Type.Literal('advanceClock'), ms: Type.Integer({ minimum: 0 }) },
  {
    additionalProperties: false,
    description:
      '`advanceClock`: moves the logical clock forward by `ms`, so TTLs, token expiry, cursor expiry, delayed notifications and `atTick` steps fall due from the script itself.',
  },
);
export type AdvanceClockAction = Static<typeof AdvanceClockAction>;

export function applyAdvanceClock(action: AdvanceClockAction, ctx: ActionContext): string {
  ctx.advanceClock(action.ms);
  return `advanced the logical clock by ${action.ms} ms to ${ctx.world.clock.now()} ms`;
}
