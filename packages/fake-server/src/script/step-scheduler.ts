import type { TranscriptFrame } from '../transcript/transcript-frame.js';
import type { ScriptStep } from './script-document.js';

type Trigger = NonNullable<ScriptStep['trigger']>;

/**
 * Decides when triggered steps are due. It only queues them; the server drains the queue at the
 * end of the exchange or action that made them due (or, for `phase: received`, just before the
 * request's method runs), so a step never runs in the middle of recording another frame. Every step
 * fires at most once per server life (`reset()` re-arms).
 */
export class StepScheduler {
  private readonly fired = new Set<string>();
  private readonly due: ScriptStep[] = [];
  private readonly counts = { received: new Map<string, number>(), answered: new Map<string, number>() };
  private readonly streamKinds = new Map<
    string,
    { kind: 'listen' | 'get'; resume: boolean; nth: Record<string, number> }
  >();
  private readonly streamEvents = new Map<string, number>();
  /** Streams opened so far, per kind (`listen`, `get`, `resume`, `any`). */
  private readonly opened = new Map<string, number>();
  /** GET exchanges that carried `Last-Event-ID`, by stream id (a resumption when its stream opens). */
  private readonly resumeRequests = new Set<string>();

  constructor(private readonly steps: readonly ScriptStep[]) {}

  /** Steps with `{ atStart: true }`. */
  startSteps(): ScriptStep[] {
    return this.steps.filter((step) => step.trigger && 'atStart' in step.trigger);
  }

  /** Marks a step as fired (manual or triggered) so it never fires again. */
  markFired(stepId: string): void {
    this.fired.add(stepId);
  }

  /** After a request of `method` (a `tools/call` of `tool`) passed the era's checks, before its method runs. */
  requestReceived(method: string, tool: string | undefined, foreign = false): void {
    this.countRequest('received', method, tool, foreign);
  }

  /**
   * After a request of `method` (a `tools/call` of `tool`) was answered with a status below 400 —
   * or, `foreign`, a request of a method its era does not answer itself, answered in any way: it
   * counts toward triggers naming its method only, never toward unfiltered ones.
   */
  requestAnswered(method: string, tool: string | undefined, foreign = false): void {
    this.countRequest('answered', method, tool, foreign);
  }

  /** After page `page` (1-based) of an enumeration of `list` (default tools) was served. */
  pageServed(page: number, list = 'tools'): void {
    this.queue(
      (trigger) =>
        'betweenPages' in trigger && trigger.betweenPages === page && (trigger.list ?? 'tools') === list,
    );
  }

  /**
   * Feeds every transcript frame: stream opens and the JSON-RPC messages sent on a stream count
   * toward `onStreamOpen` triggers (priming events and other non-messages do not).
   */
  observe(frame: TranscriptFrame): void {
    if (
      frame.direction === 'in' &&
      frame.httpMethod === 'GET' &&
      frame.headers?.['last-event-id'] !== undefined
    ) {
      this.resumeRequests.add(frame.streamId);
      return;
    }
    if (frame.kind === 'stream-open') {
      if (!frame.streamId.startsWith('listen') && !frame.streamId.startsWith('get')) return;
      const kind = frame.streamId.startsWith('listen') ? 'listen' : 'get';
      const resume = kind === 'get' && this.resumeRequests.delete(frame.streamId);
      const nth: Record<string, number> = {};
      for (const key of [kind, 'any', ...(resume ? ['resume'] : [])]) {
        nth[key] = (this.opened.get(key) ?? 0) + 1;
        this.opened.set(key, nth[key] as number);
      }
      this.streamKinds.set(frame.streamId, { kind, resume, nth });
      this.streamEvents.set(frame.streamId, 0);
      this.queue(
        (trigger) =>
          'onStreamOpen' in trigger &&
          trigger.afterEvents === undefined &&
          nth[trigger.onStreamOpen] === (trigger.nth ?? 1),
      );
      return;
    }
    const stream = this.streamKinds.get(frame.streamId);
    if (stream && frame.direction === 'out' && frame.kind === 'message' && frame.message !== undefined) {
      const count = (this.streamEvents.get(frame.streamId) ?? 0) + 1;
      this.streamEvents.set(frame.streamId, count);
      this.queue(
        (trigger) =>
          'onStreamOpen' in trigger &&
          trigger.afterEvents === count &&
          stream.nth[trigger.onStreamOpen] === (trigger.nth ?? 1),
      );
    }
  }

  /** After the logical clock moved to `nowMs`. */
  tick(nowMs: number): void {
    this.queue((trigger) => 'atTick' in trigger && trigger.atTick <= nowMs);
  }

  /** Removes and returns the steps that became due, in script order. */
  drain(): ScriptStep[] {
    return this.due.splice(0);
  }

  private countRequest(
    phase: 'received' | 'answered',
    method: string,
    tool: string | undefined,
    foreign: boolean,
  ): void {
    const counts = this.counts[phase];
    const bump = (key: string): number => {
      const next = (counts.get(key) ?? 0) + 1;
      counts.set(key, next);
      return next;
    };
    // A foreign request (a method its era does not answer) counts only where a trigger names its method.
    const total = foreign ? Number.NaN : bump('*');
    const forMethod = bump(method);
    const forTool = tool === undefined ? 0 : bump(`${method}#${tool}`);
    this.queue((trigger) => {
      if (!('afterRequests' in trigger) || (trigger.phase ?? 'answered') !== phase) return false;
      if (trigger.tool !== undefined) {
        return (
          (trigger.method ?? 'tools/call') === method &&
          trigger.tool === tool &&
          trigger.afterRequests === forTool
        );
      }
      return trigger.method === undefined
        ? trigger.afterRequests === total
        : trigger.method === method && trigger.afterRequests === forMethod;
    });
  }

  private queue(isDue: (trigger: Trigger) => boolean): void {
    for (const step of this.steps) {
      if (!step.trigger || this.fired.has(step.id) || !isDue(step.trigger)) continue;
      this.fired.add(step.id);
      this.due.push(step);
    }
  }
}
