import type { World } from '../world/world.js';
import { LegacyEngine } from './legacy/engine.js';
import { ModernEngine } from './modern/engine.js';

/** One engine per era. A third era is one folder plus one line here. */
export function createEraEngines(world: World): { legacy: LegacyEngine; modern: ModernEngine } {
  return { legacy: new LegacyEngine(world), modern: new ModernEngine(world) };
}

export { detectEra } from './detect-era.js';
export type { AnswerPayload, DeferredAnswer, EraEngine, EraOutcome, EraRequest } from './era.js';
