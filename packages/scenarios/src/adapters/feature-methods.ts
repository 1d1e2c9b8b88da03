import type { ClientFeature } from '../scenario.js';
import type { ClientAdapter, ClientCapabilities } from './client-adapter.js';

/** The adapter methods every client needs, whatever it declares. */
export const REQUIRED_METHODS = ['connect', 'callTool', 'close'] as const satisfies ReadonlyArray<
  keyof ClientAdapter
>;

/**
 * The adapter methods each host feature needs: a client declaring the feature is asked to perform
 * the matching actions, so its adapter must have them (`multi-server` and `bearer-auth` are ways of
 * using `connect`, `resources` and `prompts` what a client does on the wire, not methods of their own).
 */
export const FEATURE_METHODS: Readonly<Record<ClientFeature, ReadonlyArray<keyof ClientAdapter>>> = {
  'multi-server': [],
  'bearer-auth': [],
  reauthorize: ['reauthorize'],
  'model-exposure': ['modelRequest', 'modelCall'],
  'agent-turn': ['agentTurn'],
  'manual-refresh': ['refresh'],
  reconnect: ['reconnect'],
  'host-clock': ['advanceClock'],
  'discovery-state': ['serverState'],
  'permission-rules': ['grant'],
  resources: [],
  prompts: [],
  'restart-client': ['restartClient'],
};

/** A method an adapter lacks: the feature that needs it (`undefined` for a method every adapter needs). */
export interface MissingMethod {
  method: keyof ClientAdapter;
  feature?: ClientFeature;
}

/** The methods `adapter` lacks for what `capabilities` declares (empty when it has them all). */
export function missingMethods(capabilities: ClientCapabilities, adapter: ClientAdapter): MissingMethod[] {
  const has = (method: keyof ClientAdapter) =>
    typeof (adapter as unknown as Record<string, unknown>)[method] === 'function';
  const missing: MissingMethod[] = REQUIRED_METHODS.filter((method) => !has(method)).map((method) => ({
    method,
  }));
  for (const feature of capabilities.features) {
    for (const method of FEATURE_METHODS[feature] ?? []) {
      if (!has(method)) missing.push({ method, feature });
    }
  }
  return missing;
}

/** "declares host-clock but its adapter has no advanceClock() method; …" for an error message. */
export function describeMissingMethods(missing: readonly MissingMethod[]): string {
  return missing
    .map((each) =>
      each.feature
        ? `declares feature '${each.feature}' but its adapter has no ${each.method}() method`
        : `its adapter has no ${each.method}() method`,
    )
    .join('; ');
}
