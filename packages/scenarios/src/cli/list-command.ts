import { SCENARIOS } from '../../catalog/index.js';
import { describeSource } from '../scenario.js';

/** `toolshift list`: every scenario with its id, eras, invariants and sources. */
export function listCommand(out: NodeJS.WritableStream = process.stdout): void {
  for (const scenario of SCENARIOS) {
    out.write(`${scenario.id}  [${scenario.eras.join(', ')}]\n  ${scenario.title}\n`);
    out.write(`  source: ${scenario.source.map(describeSource).join('; ')}\n`);
    out.write(`  checks: ${scenario.invariants.join(', ')}\n\n`);
  }
  out.write(`${SCENARIOS.length} scenarios\n`);
}
