import type { ClientCapabilities } from '../adapters/client-adapter.js';
import type { ClientFeature, Scenario, ScenarioTransport } from '../scenario.js';

/** A host feature a scenario needs, with the part of the scenario that needs it. */
export interface FeatureNeed {
  feature: ClientFeature;
  because: string;
}

const ACTION_FEATURES: Partial<Record<Scenario['clientActions'][number]['do'], ClientFeature>> = {
  'model-request': 'model-exposure',
  'model-call': 'model-exposure',
  refresh: 'manual-refresh',
  reconnect: 'reconnect',
  reauthorize: 'reauthorize',
  'observe-state': 'discovery-state',
  grant: 'permission-rules',
};

/**
 * The host features a scenario needs: those it declares in `requires`, plus those its data
 * implies (several servers → `multi-server`; a bearer token → `bearer-auth`; each action that only
 * some clients can perform → its feature; advancing the client's clock → `host-clock`).
 */
export function requiredFeatures(scenario: Scenario): FeatureNeed[] {
  const needs = new Map<ClientFeature, string>();
  const need = (feature: ClientFeature, because: string) => {
    if (!needs.has(feature)) needs.set(feature, because);
  };
  for (const feature of scenario.requires ?? []) need(feature, 'the scenario requires it');
  if (scenario.servers.length > 1)
    need('multi-server', `it connects to ${scenario.servers.length} servers at once`);
  const authenticated = scenario.servers.find((server) => server.bearerToken !== undefined);
  if (authenticated) need('bearer-auth', `server ${authenticated.id} needs a bearer token`);
  for (const action of scenario.clientActions) {
    const feature = ACTION_FEATURES[action.do];
    if (feature) need(feature, `it performs '${action.do}'`);
    if (action.do === 'advance-clock' && (action.on === 'client' || action.on === 'both'))
      need('host-clock', "it advances the client's clock");
  }
  return [...needs].map(([feature, because]) => ({ feature, because }));
}

/**
 * Whether a client can run a scenario over a transport: `undefined` when it can, else the reason it
 * cannot (the cell is reported `n/a` with it, never dropped and never counted as a pass).
 */
export function notApplicableReason(
  scenario: Scenario,
  transport: ScenarioTransport,
  capabilities: ClientCapabilities,
): string | undefined {
  if (!capabilities.transports.includes(transport))
    return `the client cannot connect over ${transport} (it supports ${capabilities.transports.join(', ')})`;
  const missing = requiredFeatures(scenario).filter((need) => !capabilities.features.includes(need.feature));
  if (missing.length === 0) return undefined;
  return `the client lacks ${missing.map((need) => `${need.feature} (${need.because})`).join('; ')}`;
}
