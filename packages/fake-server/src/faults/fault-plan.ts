import type { Fault } from './fault.js';

/** Which requests an armed fault hits. */
export interface FaultTarget {
  /** JSON-RPC method; omitted = any request. */
  method?: string;
  /** For `tools/call`: only calls of this tool. */
  tool?: string;
}

/** A fault waiting for matching requests. */
export interface ArmedFault extends FaultTarget {
  fault: Fault;
  /** Matching requests to let through before the fault starts. */
  skip: number;
  /** Matching requests still to hit; `Infinity` for `times: 'always'`. */
  remaining: number;
  /** The step that armed it, for the transcript. */
  stepId: string;
}

/**
 * The faults armed by `injectFault` steps. Each request is matched against them in arming order;
 * the first armed fault that matches (and is past its `skip`) hits, and spends one of its `times`.
 */
export class FaultPlan {
  private armed: ArmedFault[] = [];

  /** Arms a fault. */
  arm(fault: ArmedFault): void {
    this.armed.push(fault);
  }

  /** Disarms every fault (or those targeting `method`); returns how many were disarmed. */
  clear(method?: string): number {
    const before = this.armed.length;
    this.armed = method === undefined ? [] : this.armed.filter((entry) => entry.method !== method);
    return before - this.armed.length;
  }

  /** Faults still armed. */
  get size(): number {
    return this.armed.length;
  }

  /** Returns the fault that hits a request of `method` (and `tool`), spending it; `undefined` when none does. */
  take(method: string, tool: string | undefined): ArmedFault | undefined {
    for (const entry of this.armed) {
      if (entry.method !== undefined && entry.method !== method) continue;
      if (entry.tool !== undefined && entry.tool !== tool) continue;
      if (entry.skip > 0) {
        entry.skip -= 1;
        continue;
      }
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.armed = this.armed.filter((other) => other !== entry);
      return entry;
    }
    return undefined;
  }
}
