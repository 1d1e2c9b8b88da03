import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { ScriptDocument } from '@toolshift/fake-server';

const Id = Type.String({ minLength: 1, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });
const ServerRef = Type.String({
  minLength: 1,
  description: 'A server id of this scenario (default: the first).',
});

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
 * Matches transcript frames for `wait-for`: every given field must equal the frame's (`method` is
 * the JSON-RPC method, `tool` a `tools/call`'s tool name, `streamPrefix` a prefix of `streamId`
 * such as `get-` or `listen-`).
 */
export const FrameMatchSchema = Type.Object(
  {
    direction: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out'), Type.Literal('server')])),
    kind: Type.Optional(
      Type.Union(
        ['message', 'http', 'stream-open', 'stream-close', 'step', 'note', 'model'].map((k) =>
          Type.Literal(k),
        ),
      ),
    ),
    method: Type.Optional(Type.String({ minLength: 1 })),
    tool: Type.Optional(Type.String({ minLength: 1 })),
    httpMethod: Type.Optional(Type.String({ minLength: 1 })),
    httpStatus: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    streamPrefix: Type.Optional(Type.String({ minLength: 1 })),
    step: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type FrameMatch = Static<typeof FrameMatchSchema>;

const Args = Type.Record(Type.String(), Type.Unknown());

function action<N extends string, T extends Record<string, TSchema>>(
  name: N,
  properties: T,
  description: string,
) {
  return Type.Object({ do: Type.Literal(name), ...properties }, { additionalProperties: false, description });
}

const ConnectAction = action(
  'connect',
  {
    server: Type.Optional(ServerRef),
    allowFailure: Type.Optional(Type.Boolean()),
    background: Type.Optional(Type.Boolean()),
    reuseCache: Type.Optional(Type.Boolean()),
    releaseIfBlocked: Type.Optional(
      Type.Object(
        {
          server: ServerRef,
          ms: Type.Integer({ minimum: 1 }),
          quietMs: Type.Integer({ minimum: 1 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  "The client connects and finishes its initial discovery (every server in order, or one). A connect rejected before the connection worked fails the cell with `runner.client-connected`, unless `allowFailure`: then it counts as the client reporting the failure to its user (a warning) and the run goes on. A connect rejected after the connection worked (the adapter says so with a `tool-set` phase, or the transcript shows an answered handshake) is a failure to build the tool set: it counts as a warning to the user, the runner check `runner.tool-set-built` fails with the client's error (inconclusive with `allowFailure`, or when the runner's own bound cut the connect short), the registry checks fail with it too, and the run goes on. With `background` the next actions run while the client connects (e.g. a `wait-for` then a `step` that lands mid-discovery); the next `settle`, and the end of the run, wait for it. With `reuseCache` a host that caches listings across sessions may start the connection from its cache (clients without one ignore it). With `releaseIfBlocked: { server, ms, quietMs }`, a client still connecting after every server's wire has been quiet for `quietMs` while `server` holds a response on its logical clock is waiting on that response (a host that connects every server at once): the runner advances that server's clock by `ms`, once, and records a note saying so, instead of leaving the client to time out on a hold the scenario releases only later.",
);
const SettleAction = action(
  'settle',
  {
    server: Type.Optional(ServerRef),
    until: Type.Optional(Type.Union([Type.Literal('catalog'), Type.Literal('quiet')])),
    quietMs: Type.Optional(Type.Integer({ minimum: 1 })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  "Wait (bounded) until the client exposes exactly each server catalog and the wire is quiet (`catalog`, default), or only until the wire is quiet (`quiet`); a timeout is recorded, never thrown. `quietMs` and `timeoutMs` replace the run's quiet period and settle bound for this action, where the scenario needs its own (e.g. a loop that takes longer than the default bound to end).",
);
const StepAction = action(
  'step',
  { step: Type.String({ minLength: 1 }), server: Type.Optional(ServerRef) },
  'The fake server applies one of its script steps now.',
);
const CallAction = action(
  'call',
  { tool: Type.String({ minLength: 1 }), arguments: Type.Optional(Args), server: Type.Optional(ServerRef) },
  'The host calls a tool by its MCP identity (server, tool name) through the client.',
);
const ModelRequestAction = action(
  'model-request',
  { provider: Type.Optional(Type.String({ minLength: 1 })) },
  'The host builds the tool set for the next model request (names, definitions, what it withheld).',
);
const ModelCallAction = action(
  'model-call',
  {
    pick: Type.Union([
      Type.Object(
        {
          description: Type.String({ minLength: 1 }),
          from: Type.Optional(Type.Union([Type.Literal('new-request'), Type.Literal('last-request')])),
        },
        { additionalProperties: false },
      ),
      Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    ]),
    arguments: Type.Optional(Args),
    provider: Type.Optional(Type.String({ minLength: 1 })),
  },
  'The model calls a tool: the one whose description contains `pick.description` in a fresh model request (`from: new-request`, default) or in the last one it was shown (`last-request`: a stale choice), or literally the name `pick.name` (which may not exist).',
);
const WaitForAction = action(
  'wait-for',
  {
    frame: FrameMatchSchema,
    server: Type.Optional(ServerRef),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 60_000 })),
  },
  'Wait until the server records a matching frame (past frames after the previous wait count); a timeout is recorded as the inconclusive runner check `runner.awaited-frame` (staging that did not happen, not a verdict on the client) and the run goes on.',
);
const AdvanceClockAction = action(
  'advance-clock',
  {
    ms: Type.Integer({ minimum: 1 }),
    on: Type.Optional(Type.Union([Type.Literal('server'), Type.Literal('client'), Type.Literal('both')])),
    server: Type.Optional(ServerRef),
  },
  "Advance a logical clock by `ms`: every fake server's (`server`, default), the client's host clock (`client`), or both.",
);
const RefreshAction = action(
  'refresh',
  { server: Type.Optional(ServerRef) },
  'The user asks the client to re-list a server.',
);
const ReconnectAction = action(
  'reconnect',
  { server: Type.Optional(ServerRef) },
  'The user asks the client to reconnect to a server.',
);
const RestartClientAction = action(
  'restart-client',
  {},
  'The host restarts: its client is rebuilt from the state it persisted (stored session ids, cached catalogs, tokens), as after a process restart, and connects again the way it does on startup. Needs the host feature `restart-client`.',
);
const ReauthorizeAction = action(
  'reauthorize',
  { bearerToken: Type.String({ minLength: 1 }), server: Type.Optional(ServerRef) },
  'The user completes an authorization: the client gets a new bearer token for the server.',
);
const GrantAction = action(
  'grant',
  { tool: Type.String({ minLength: 1 }), server: Type.Optional(ServerRef) },
  'The user sets a standing "always allow" rule for one tool identity (server, tool); recorded as a standing permission.',
);
const ObserveStateAction = action(
  'observe-state',
  { server: Type.Optional(ServerRef) },
  'Record the discovery state the client reports for a server.',
);

/** One thing the runner does during a cell, in order. */
export const ClientActionSchema = Type.Unsafe<
  Static<
    | typeof ConnectAction
    | typeof SettleAction
    | typeof StepAction
    | typeof CallAction
    | typeof ModelRequestAction
    | typeof ModelCallAction
    | typeof WaitForAction
    | typeof AdvanceClockAction
    | typeof RefreshAction
    | typeof ReconnectAction
    | typeof RestartClientAction
    | typeof ReauthorizeAction
    | typeof GrantAction
    | typeof ObserveStateAction
  >
>({
  type: 'object',
  required: ['do'],
  discriminator: { propertyName: 'do' },
  oneOf: [
    ConnectAction,
    SettleAction,
    StepAction,
    CallAction,
    ModelRequestAction,
    ModelCallAction,
    WaitForAction,
    AdvanceClockAction,
    RefreshAction,
    ReconnectAction,
    RestartClientAction,
    ReauthorizeAction,
    GrantAction,
    ObserveStateAction,
  ],
});
export type ClientAction = Static<typeof ClientActionSchema>;

/** Every action name, for messages. */
export const ACTION_NAMES = [
  'connect',
  'settle',
  'step',
  'call',
  'model-request',
  'model-call',
  'wait-for',
  'advance-clock',
  'refresh',
  'reconnect',
  'restart-client',
  'reauthorize',
  'grant',
  'observe-state',
] as const;

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
    server: Type.Optional(ServerRef),
    params: Type.Optional(Args),
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
