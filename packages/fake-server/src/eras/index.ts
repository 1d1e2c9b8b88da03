export { detectEra } from './detect-era.js';
export type { AnswerPayload, DeferredAnswer, EraEngine, EraOutcome, EraRequest } from './era.js';
/** One engine per era. A third era is one folder plus one engine in `EraEngines`. */
export { EraEngines } from './era-engines.js';
