import type { Scenario } from '../../src/scenario.js';
import { conformanceInitialize } from './conformance-initialize.scenario.js';
import { conformanceToolsCall } from './conformance-tools-call.scenario.js';

/**
 * Scenarios that stand for the official MCP conformance suite's client scenarios of the same
 * behaviour, outside the catalog: `toolshift run --scenario <suite name>` selects one, and a
 * conformance-style program is told the suite's name (see {@link CONFORMANCE_NAMES}).
 */
export const CONFORMANCE_SCENARIOS: readonly Scenario[] = [conformanceInitialize, conformanceToolsCall];

/**
 * The suite's client scenario names toolshift accepts, with the scenario each runs: `initialize`,
 * `tools_call` (and `tools-call`, the name the suite's example everything-client registers).
 */
export const CONFORMANCE_ALIASES: Readonly<Record<string, string>> = {
  initialize: conformanceInitialize.id,
  tools_call: conformanceToolsCall.id,
  'tools-call': conformanceToolsCall.id,
};

/** The suite's name a conformance-style program is given for each of these scenarios (MCP_CONFORMANCE_SCENARIO). */
export const CONFORMANCE_NAMES: Readonly<Record<string, string>> = {
  [conformanceInitialize.id]: 'initialize',
  [conformanceToolsCall.id]: 'tools_call',
};
