import { type DescriptionAdvisory, screenContract } from '../schema-gate/description-screen.js';
import type { GatedTool } from '../schema-gate/schema-gate.js';
import { canonicalJson } from './contract-hash.js';
import { type DiscoveredTool, executionContract } from './discovered-tool.js';

/** Advisories screened so far, by record (a record is screened on the first read of `advisories`). */
const screened = new WeakMap<DiscoveredTool, readonly DescriptionAdvisory[]>();

/**
 * A record's `advisories`: the description screen of its title and canonical contract text, worked
 * out on first read and kept. The contract is frozen and canonicalized once already (its hash), so
 * the same text is screened whenever it is read: the answer is the one an eager screen would give.
 */
function readAdvisories(this: DiscoveredTool): readonly DescriptionAdvisory[] {
  let advisories = screened.get(this);
  if (advisories === undefined) {
    const contract = executionContract(this, this.serverInputSchema ?? this.inputSchema);
    // The canonical text holds every string the model would read, except the display title.
    advisories = Object.freeze(screenContract(this.title, canonicalJson(contract)));
    screened.set(this, advisories);
  }
  return advisories;
}

/**
 * One shared accessor for every record: V8 keeps records built with the same descriptor on one
 * hidden class, so reading `tool.name` stays monomorphic.
 */
const ADVISORIES: PropertyDescriptor = { get: readAdvisories, enumerable: true, configurable: false };

/**
 * The frozen contract snapshot of a tool that passed the schema gate: `serverId`, the gated fields
 * (in the gate's order), `discoveredAtMs`, `contractHash`, then `advisories`, an enumerable own
 * property like the others (object spread, `JSON.stringify` and `structuredClone` see an array)
 * whose screening runs on its first read: most hosts never read it, and on a first listing of
 * 10,000 tools the screen cost ~15–25 ms.
 * @param gated the gate's fields (already deeply frozen by the gate).
 * @param contractHash SHA-256 hex of the canonical execution contract.
 */
export function createContractRecord(
  serverId: string,
  gated: GatedTool,
  discoveredAtMs: number,
  contractHash: string,
): DiscoveredTool {
  // Built field by field (not spread): same key order, one allocation, no generic copy.
  const record: Record<string, unknown> = { serverId, name: gated.name, inputSchema: gated.inputSchema };
  if (gated.serverInputSchema !== undefined) record.serverInputSchema = gated.serverInputSchema;
  if (gated.normalizations !== undefined) record.normalizations = gated.normalizations;
  if (gated.title !== undefined) record.title = gated.title;
  if (gated.description !== undefined) record.description = gated.description;
  if (gated.outputSchema !== undefined) record.outputSchema = gated.outputSchema;
  if (gated.annotations !== undefined) record.annotations = gated.annotations;
  if (gated.execution !== undefined) record.execution = gated.execution;
  if (gated._meta !== undefined) record._meta = gated._meta;
  record.discoveredAtMs = discoveredAtMs;
  record.contractHash = contractHash;
  Object.defineProperty(record, 'advisories', ADVISORIES);
  return Object.freeze(record) as unknown as DiscoveredTool;
}
