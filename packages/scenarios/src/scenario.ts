import { type Static, Type } from '@sinclair/typebox';
import type { ScriptDocument } from '@toolshift/fake-server';
import { ArgumentsSchema, ClientActionSchema, ServerRefSchema } from './client-action.js';

const Id = Type.String({ minLength: 1, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });

/**
 * Where a scenario or a check comes from: a seed document (`{ seed: '002 …' }`), a spec section
 * (`{ spec: '2026-07-28#<section>' }` or `'2026-07-28 §4.2'`), or a case of `shared/cases`
 * (`{ case: 'LC-01 E1' }`, the case id first).
 */
export const ScenarioSourceSchema = Type.Union([
  Type.Object({ seed: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object({ spec: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  Type.Object(
    { case: Type.String({ minLength: 1, pattern: '^[A-Z]{2}-[0-9]{2}\\b' }) },
    { additionalProperties: false },
  ),
]);
export type ScenarioSource = Static<typeof ScenarioSourceSchema>;

/** Transports a cell can run over (the fake server's transport kinds). */
export const TRANSPORT_KINDS = ['http', 'msw', 'in-memory', 'stdio'] as const;
export type ScenarioTransport = (typeof TRANSPORT_KINDS)[number];

/**
 * Host features a client adapter may offer beyond connecting, listing and calling. A scenario that
 * needs one a client lacks runs as `n/a` for that client, with the reason:
 * - `multi-server`: one client session holds several server connections at once;
 * - `bearer-auth`: sends a bearer token given at connect;
 * - `reauthorize`: swaps a server's credentials mid-session (step-up, re-auth) without a new host;
 * - `model-exposure`: builds the model-facing tool set (names/aliases, provider definitions) and
 *   routes a model's call by that name;
 * - `manual-refresh`: the user can ask for a re-list;
 * - `reconnect`: the user can ask for a reconnect;
 * - `host-clock`: its timers (TTL expiry, polling) run on a clock the harness advances;
 * - `discovery-state`: reports a per-server discovery state (ready, authRequired, …);
 * - `restart-client`: rebuilds its client from the state it persisted, as after a restart;
 * - `resources` / `prompts`: discovers a server's resources (and templates) / prompts and follows
 *   their changes (judged on the wire: listings and subscriptions);
 * - `permission-rules`: the user can set a standing "always allow" rule for one tool identity.
 */
export const CLIENT_FEATURES = [
  'multi-server',
  'bearer-auth',
  'reauthorize',
  'model-exposure',
  'agent-turn',
  'manual-refresh',
  'reconnect',
  'host-clock',
  'discovery-state',
  'permission-rules',
  'resources',
  'prompts',
  'restart-client',
] as const;
export type ClientFeature = (typeof CLIENT_FEATURES)[number];

/**
 * One server connection of a scenario: its own fake server playing `script`, or a second
 * connection to the fake server of `sameServerAs` (e.g. another user of one endpoint). With
 * `bearerToken` the client authenticates with it. Exactly one of `script` / `sameServerAs`.
 */
export const ScenarioServerSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._-]+$' }),
    script: Type.Optional(
      Type.Unsafe<ScriptDocument>({ type: 'object', description: 'A toolshift script.' }),
    ),
    sameServerAs: Type.Optional(Type.String({ minLength: 1 })),
    bearerToken: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
export type ScenarioServer = Static<typeof ScenarioServerSchema>;

const AuthoritySchema = Type.Union([
  Type.Object(
    {
      level: Type.Union([Type.Literal('must'), Type.Literal('should')]),
      clauses: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, uniqueItems: true }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { level: Type.Literal('advice'), basis: Type.String({ minLength: 1 }) },
    { additionalProperties: false },
  ),
]);

/**
 * On what authority a check judges, overriding its invariant's (`Invariant.authority`): the ids of
 * the MCP specification clauses it rests on (`must`/`should`, see `SPEC_CLAUSES` in
 * `@toolshift/assertions`), or `advice` with its basis; one per era with `byEra`.
 */
export const AuthorityRuleSchema = Type.Union([
  AuthoritySchema,
  Type.Object(
    {
      byEra: Type.Object(
        { legacy: AuthoritySchema, modern: AuthoritySchema },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
]);

/**
 * One check of a scenario: an invariant of `@toolshift/assertions` applied to one server's record
 * (`server`, default the first), with optional parameters, citing the spec section, seed or case
 * step it comes from, and (`authority`) the clause it rests on where that differs from the
 * invariant's own. Its id is `id`, or the invariant id.
 */
export const ScenarioCheckSchema = Type.Object(
  {
    invariant: Type.String({ minLength: 1 }),
    id: Type.Optional(Type.String({ minLength: 1 })),
    server: Type.Optional(ServerRefSchema),
    params: Type.Optional(ArgumentsSchema),
    cites: Type.Optional(ScenarioSourceSchema),
    authority: Type.Optional(AuthorityRuleSchema),
  },
  { additionalProperties: false },
);
export type ScenarioCheck = Static<typeof ScenarioCheckSchema>;

/**
 * The era of a cell, which decides what the fake server speaks (unless the scenario's script pins
 * `server.eras`) and what the client is asked to prefer:
 * - `legacy`: a 2025-11-25-only endpoint; the client is asked to prefer 2025-11-25;
 * - `modern`: a 2026-07-28-only endpoint; the client is asked to prefer 2026-07-28;
 * - `dual`: one endpoint serving both; the client is given no preference, so it shows which era it
 *   picks by itself (and whether it falls back).
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export const CELL_ERAS = ['legacy', 'modern', 'dual'] as const;
export type CellEra = (typeof CELL_ERAS)[number];

const EraSchema = Type.Union(CELL_ERAS.map((era) => Type.Literal(era)));

/**
 * A scenario is data: the servers (each a script), what the client is asked to do, and the checks
 * that must hold. It names invariants by id and never imports the runner or a client, so it can be
 * listed, filtered, saved as a JSON/YAML file and run against any client adapter.
 */
export const ScenarioSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    toolshiftScenario: Type.Optional(Type.Literal(1, { description: 'Scenario file format version.' })),
    id: Id,
    title: Type.String({ minLength: 1 }),
    source: Type.Optional(Type.Array(ScenarioSourceSchema, { minItems: 1 })),
    eras: Type.Array(EraSchema, {
      minItems: 1,
      uniqueItems: true,
      description:
        'The cell eras the scenario runs in: legacy (a 2025-11-25-only endpoint), modern (2026-07-28-only) and/or dual (both on one endpoint, no preference given to the client). A script pinning server.eras keeps its eras in every cell.',
    }),
    transports: Type.Array(Type.Union(TRANSPORT_KINDS.map((kind) => Type.Literal(kind))), {
      minItems: 1,
      uniqueItems: true,
    }),
    requires: Type.Optional(
      Type.Array(Type.Union(CLIENT_FEATURES.map((feature) => Type.Literal(feature))), { uniqueItems: true }),
    ),
    servers: Type.Array(ScenarioServerSchema, { minItems: 1 }),
    clientActions: Type.Array(ClientActionSchema, { minItems: 1 }),
    checks: Type.Array(ScenarioCheckSchema, { minItems: 1 }),
    essential: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        uniqueItems: true,
        description:
          "The ids of the checks that make the scenario's title true (default: every check). A cell passes only when each of them passed (or is n/a for a client judged on the wire only); one that was inconclusive makes the cell inconclusive, or a failure when the client's own behaviour left it unjudged (it never opened the change channel, never listed, its tool set failed to build). A failing check fails the cell whether it is essential or not.",
      }),
    ),
  },
  {
    additionalProperties: false,
    $id: 'https://toolshift.dev/schema/scenario-v1.json',
    title: 'toolshift scenario v1',
  },
);

/** A schema-valid scenario (see {@link ScenarioSchema}). */
export type Scenario = Static<typeof ScenarioSchema>;

/** Formats a scenario source for reports: `seed 002 …`, `spec 2026-07-28#…`, `case LC-01 E1`. */
export function describeSource(source: ScenarioSource): string {
  if ('seed' in source) return `seed ${source.seed}`;
  if ('spec' in source) return `spec ${source.spec}`;
  return `case ${source.case}`;
}

/** The ids of the scenario's essential checks: its `essential` list, or every check's id. */
export function essentialCheckIds(scenario: Pick<Scenario, 'checks' | 'essential'>): ReadonlySet<string> {
  return new Set(scenario.essential ?? scenario.checks.map(checkId));
}

/** The id a check is reported under: its own `id`, or its invariant id. */
export function checkId(check: ScenarioCheck): string {
  return check.id ?? check.invariant;
}

/** The server a server-targeting action or check refers to (default: the scenario's first server). */
export function serverOf(scenario: Scenario, ref: { server?: string | undefined }): string {
  return ref.server ?? scenario.servers[0]!.id;
}
