import { httpStatusFaultResponse } from '../eras/fault-responses.js';
import { requestIdOf, toolOf } from './exchange.js';
import type { RequestStage } from './request-stage.js';
import { UNAVAILABLE } from './unavailable.js';

/**
 * Preempt faults: takes the armed fault this request hits, if any, and notes it. A fault that
 * replaces the exchange answers it here: `hang` (held until the server closes, never processed),
 * `httpStatus`, `versionMismatch`. The others (`delay`, distortions) ride along to the later stages.
 */
export const preemptFaultStage: RequestStage = {
  name: 'preempt-fault',
  run(exchange, server) {
    const classified = exchange.classified;
    if (classified?.kind !== 'request') return 'next';
    const fault = server.world.faults.take(classified.method, toolOf(classified));
    if (!fault) return 'next';
    exchange.fault = fault;
    server.recorder.note(
      `fault '${fault.fault.kind}' (step ${fault.stepId}) hits this exchange`,
      exchange.frame,
    );
    if (fault.fault.kind === 'hang') {
      exchange.response = UNAVAILABLE;
      return 'answered';
    }
    if (fault.fault.kind === 'httpStatus') {
      exchange.response = httpStatusFaultResponse(fault.fault, requestIdOf(exchange));
    } else if (fault.fault.kind === 'versionMismatch' && exchange.eraRequest) {
      const engine = server.engines.of(exchange.frame.era === 'legacy' ? 'legacy' : 'modern');
      exchange.response = engine.versionMismatch(
        exchange.eraRequest,
        fault.fault.supported ?? ['1900-01-01'],
      ).response;
    } else {
      return 'next';
    }
    exchange.frame = { ...exchange.frame, fault: fault.fault.kind };
    return 'answered';
  },
};
