import { ERA_REVISION } from '@toolshift/assertions';
import type { Era } from '@toolshift/fake-server';
import type { ClientCapabilities } from '../adapters/client-adapter.js';
import type { CellEra, ClientFeature, Scenario, ScenarioTransport } from '../scenario.js';
import { scriptForCell } from './cell-eras.js';

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
  'restart-client': 'restart-client',
  reauthorize: 'reauthorize',
  'observe-state': 'discovery-state',
  grant: 'permission-rules',
};

/**
 * Features that stand in for another: a host that runs agent turns against the fake model
 * (`agent-turn`) performs `model-request` and `model-call` actions through the wire.
 */
export const SATISFIED_BY: Partial<Record<ClientFeature, readonly ClientFeature[]>> = {
  'model-exposure': ['agent-turn'],
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

const revisions = (eras: readonly Era[]) => eras.map((era) => `${ERA_REVISION[era]} (${era})`).join(' and ');

/**
 * Why a client that declares the eras it speaks cannot run a cell of `era`: a server of the
 * scenario serves none of them (the cell's era, or the eras its script pins). `undefined` when every
 * server serves one of them, or the client declares none (it is then expected to cope, and a client
 * that cannot fails with `runner.era-negotiated`).
 */
function eraMismatch(
  scenario: Scenario,
  era: CellEra,
  spoken: readonly Era[] | undefined,
): string | undefined {
  if (spoken === undefined) return undefined;
  for (const server of scenario.servers) {
    if (server.script === undefined) continue;
    const served = scriptForCell(server.script, era).server?.eras ?? ['legacy', 'modern'];
    if (!served.some((each) => spoken.includes(each)))
      return `the client speaks only ${revisions(spoken)}, and server ${server.id} serves only ${revisions(served)} in this cell`;
  }
  return undefined;
}

/**
 * Whether a client can run a scenario over a transport (in a cell of `era`): `undefined` when it
 * can, else the reason it cannot (the cell is reported `n/a` with it, never dropped and never
 * counted as a pass).
 */
export function notApplicableReason(
  scenario: Scenario,
  transport: ScenarioTransport,
  capabilities: ClientCapabilities,
  era?: CellEra,
): string | undefined {
  if (!capabilities.transports.includes(transport))
    return `the client cannot connect over ${transport} (it supports ${capabilities.transports.join(', ')})`;
  const eraReason = era !== undefined ? eraMismatch(scenario, era, capabilities.eras) : undefined;
  if (eraReason) return eraReason;
  const missing = requiredFeatures(scenario).filter(
    (need) =>
      !capabilities.features.includes(need.feature) &&
      !(SATISFIED_BY[need.feature] ?? []).some((feature) => capabilities.features.includes(feature)),
  );
  if (missing.length === 0) return undefined;
  return `the client lacks ${missing.map((need) => `${need.feature} (${need.because})`).join('; ')}`;
}
