import { describe, expect, it } from 'vitest';
import { FaultPlan } from './fault-plan.js';

const arm = (plan: FaultPlan, extra: Partial<Parameters<FaultPlan['arm']>[0]> = {}) =>
  plan.arm({ fault: { kind: 'hang' }, skip: 0, remaining: 1, stepId: 's', ...extra });

describe('FaultPlan', () => {
  it('hits matching requests after skip, times times, then disarms', () => {
    const plan = new FaultPlan();
    arm(plan, { method: 'tools/call', tool: 'b', skip: 1, remaining: 2 });
    const hits = [
      ['tools/call', 'a'],
      ['tools/call', 'b'],
      ['tools/list', undefined],
      ['tools/call', 'b'],
      ['tools/call', 'b'],
      ['tools/call', 'b'],
    ].map(([method, tool]) => plan.take(method as string, tool) !== undefined);
    expect(hits).toEqual([false, false, false, true, true, false]);
    expect(plan.size).toBe(0);
  });

  it('takes the earliest armed match first and clear() disarms by method', () => {
    const plan = new FaultPlan();
    arm(plan, { stepId: 'any', remaining: Number.POSITIVE_INFINITY });
    arm(plan, { stepId: 'list', method: 'tools/list' });
    expect(plan.take('tools/list', undefined)?.stepId).toBe('any');
    expect(plan.clear('tools/list')).toBe(1);
    expect(plan.clear()).toBe(1);
    expect(plan.take('tools/list', undefined)).toBeUndefined();
  });
});
