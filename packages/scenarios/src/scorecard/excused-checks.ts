import { checkId } from '../scenario.js';
import type { GradedScenario } from './grade-context.js';

/**
 * Checks that judge the host code between an MCP session and the model: the tool definitions a
 * provider is sent (its schema rules, names, counts, token costs) and what the model gets back for
 * its calls (routing, error texts, an answer for every call). For a library with a model layer
 * (an agent framework, a tool adapter) that code is the library's; for one that stops at the MCP
 * session (an MCP SDK) it is the driver's, so on the scorecard these checks have nothing of the
 * library's to judge. What the library listed (`model.request-offers`, staleness, principals) stays
 * judged either way.
 */
export const MODEL_LAYER_CHECKS = [
  'model.provider-accepted',
  'model.tool-definition-sound',
  'model.names-valid',
  'model.tool-count-within-limit',
  'model.tool-count-as-reported',
  'model.cost-reported',
  'model.every-call-answered',
  'model.unknown-tool-error-lists-tools',
  'model.calls-routed',
  'model.nothing-silently-dropped',
  'model.requests-built',
];

/** The invariant a check of a scenario runs (a check may carry a label of its own as its id). */
export function invariantOf(scenario: GradedScenario | undefined, id: string): string {
  return scenario?.checks?.find((check) => checkId(check) === id)?.invariant ?? id;
}

/**
 * Checks of a host application's own features, which no client library is asked to have, with the
 * feature: a token budget for the tool definitions, shown to the user (`model.cost-reported`); a
 * call API that refuses a tool name the host never listed (`execution.calls-only-listed-tools`),
 * or re-validates a call's arguments against the current contract before it runs
 * (`execution.arguments-fit-current-contract`: DESIGN's proposal layer). A library's call method
 * sends the `tools/call` it is asked to send, and the server validates it (an unknown name or bad
 * arguments get an error); what a library offers the model, and whether that is current, is
 * judged by the registry and model checks (`registry.current-contracts`, `model.request-offers`,
 * `rm-03-unknown-tool-forwarded`). On the scorecard these judge nothing of a library's; the
 * reference host is held to them by `toolshift run`.
 */
export const HOST_APPLICATION_CHECKS: Readonly<Record<string, string>> = {
  'model.cost-reported': 'a token budget shown to its user',
  'execution.calls-only-listed-tools': 'a call API that refuses tools the host never listed',
  'execution.arguments-fit-current-contract':
    'arguments re-validated against the current contract before a call runs',
};

/**
 * Whether a failing check of a scenario judges the model layer: its invariant (a check may carry a
 * label of its own) is one of {@link MODEL_LAYER_CHECKS}, or it is `model.request-offers` in a
 * scenario that names the provider it targets (what a host offers a provider there is its adaptation
 * to that provider's rules: repaired, withheld or cut to the provider's limit).
 */
export function judgesModelLayer(scenario: GradedScenario | undefined, id: string): boolean {
  const invariant = invariantOf(scenario, id);
  if (MODEL_LAYER_CHECKS.includes(invariant)) return true;
  return (
    invariant === 'model.request-offers' &&
    (scenario?.clientActions ?? []).some((action) => 'provider' in action && action.provider !== undefined)
  );
}

/**
 * Checks that judge a client's standing tool list or its reaction to a change signal (re-listing
 * after it, promptly, in the same session; subscribing to it): what a host that asks for the tools
 * before each model request, ignoring (or never receiving) the signal, does not do.
 */
const REASKING_CHECKS = [
  'registry.matches-final-catalog',
  'registry.final-exposure',
  'registry.no-stale-exposure',
  'registry.current-contracts',
  'change.relists-after-signal',
  'change.relist-completes-after-signal',
  'change.relisted-within-bound',
  'legacy.same-session-relist',
  'modern.subscribes-to-tool-changes',
];

/**
 * Whether a scenario check judges what a re-asking host does not do: a {@link REASKING_CHECKS}
 * invariant, or `discovery.list-requests` with `atLeast` — a count of the re-listings a change, an
 * expired TTL or a reconnect calls for (every `atLeast` in the catalog is one; `exactly` and
 * `atMost` judge pagination and loops, which a re-asking host does on every listing).
 */
export function judgesReasking(scenario: GradedScenario | undefined, id: string): boolean {
  const invariant = invariantOf(scenario, id);
  if (REASKING_CHECKS.some((prefix) => invariant.startsWith(prefix))) return true;
  const check = scenario?.checks?.find((each) => checkId(each) === id);
  return invariant === 'discovery.list-requests' && check?.params?.atLeast !== undefined;
}
