/**
 * The scorecard's columns: each catalog scenario belongs to exactly one capability group
 * (`capability-groups.test.ts` checks the whole catalog is covered and nothing is named twice).
 */
export const CAPABILITY_GROUPS = [
  'pagination',
  'list changes',
  'removal',
  'schema change',
  'modern protocol',
  'reconnect/session',
  'auth-dependent lists',
  'identity/collisions',
  'provider adaptation',
] as const;
export type CapabilityGroup = (typeof CAPABILITY_GROUPS)[number];

/** Scenario ids per group (exact ids; a trailing `*` matches a prefix). */
export const GROUP_SCENARIOS: Readonly<Record<CapabilityGroup, readonly string[]>> = {
  pagination: [
    'paginated-list',
    'pg-*',
    'tool-added-to-paginated-list',
    'very-large-tool-list',
    'fresh-cursor-same-page',
  ],
  'list changes': [
    'empty-list',
    'one-valid-tool',
    'tool-added-at-runtime',
    'lc-01-no-list-changed-handler',
    'lc-01-new-tool-offered-to-model',
    'lc-02-*',
    'lc-04-*',
    'lc-06-*',
    'lc-07-*',
    'lc-08-*',
    'lc-11-refresh-replaces-not-merges',
    'seed-002-legacy-flow',
    'seed-002-legacy-without-list-changed',
    'resources-added-at-runtime',
    'prompts-added-at-runtime',
    'tool-meta-changed',
    'resources-and-tools-notified-together',
  ],
  removal: ['tool-removed', 'lc-01-tool-removed-after-call', 'rm-*'],
  'schema change': [
    'schema-changed-between-refreshes',
    'invalid-schema',
    'sc-03-*',
    'sc-04-*',
    'sc-06-*',
    'output-schema-dropped-after-change',
    'tool-result-is-error-with-structured-content',
  ],
  'modern protocol': [
    'seed-002-modern-*',
    'seed-002-no-modern-flow-in-legacy-session',
    'dual-endpoint-client-picks-an-era',
    'modern-preferred-falls-back-to-legacy',
    'era-kept-per-server',
    'expired-cache',
  ],
  'reconnect/session': [
    'rc-*',
    'subscription-disconnect',
    'lc-10-*',
    'dropped-call-resumed',
    'listen-stream-cut-without-event-ids',
    'late-server-joins',
    'session-restored-after-expiry',
    'stdio-server-respawned',
  ],
  'auth-dependent lists': [
    'au-*',
    'auth-dependent-list',
    'lc-11-per-user-connections',
    'lc-11-second-user-from-shared-cache',
    'lc-11-model-offered-own-principal-tools',
    'token-rotated-during-listing',
  ],
  'identity/collisions': [
    'same-name-on-two-servers',
    'nm-*',
    'standing-grant-stays-with-its-server',
    'read-only-hint-still-asks',
  ],
  'provider adaptation': ['provider-cannot-represent-schema', 'sc-01-*', 'lg-*'],
};

const matches = (pattern: string, id: string) =>
  pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;

/** The groups a scenario id belongs to (one, for a catalog scenario; none for an unknown id). */
export function groupsOf(scenarioId: string): CapabilityGroup[] {
  return CAPABILITY_GROUPS.filter((group) =>
    GROUP_SCENARIOS[group].some((pattern) => matches(pattern, scenarioId)),
  );
}

/**
 * The scenarios of the CI smoke selection (run in legacy and modern): one per common capability
 * (list changes, removal, pagination, schema change, identity), kept small so `pnpm test` stays fast.
 */
export const SMOKE_SCENARIOS = [
  'one-valid-tool',
  'tool-added-at-runtime',
  'tool-removed',
  'paginated-list',
  'schema-changed-between-refreshes',
  'same-name-on-two-servers',
] as const;
