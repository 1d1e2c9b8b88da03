import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A server id of the scenario an action or check refers to (absent: the scenario's first server). */
export const ServerRefSchema = Type.String({
  minLength: 1,
  description: 'A server id of this scenario (default: the first).',
});

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

/** Tool call arguments: a JSON object. */
export const ArgumentsSchema = Type.Record(Type.String(), Type.Unknown());

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
    server: Type.Optional(ServerRefSchema),
    allowFailure: Type.Optional(Type.Boolean()),
    background: Type.Optional(Type.Boolean()),
    reuseCache: Type.Optional(Type.Boolean()),
    releaseIfBlocked: Type.Optional(
      Type.Object(
        {
          server: ServerRefSchema,
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
    server: Type.Optional(ServerRefSchema),
    until: Type.Optional(Type.Union([Type.Literal('catalog'), Type.Literal('quiet')])),
    quietMs: Type.Optional(Type.Integer({ minimum: 1 })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  "Wait (bounded) until the client exposes exactly each server catalog and the wire is quiet (`catalog`, default), or only until the wire is quiet (`quiet`); a timeout is recorded, never thrown. `quietMs` and `timeoutMs` replace the run's quiet period and settle bound for this action, where the scenario needs its own (e.g. a loop that takes longer than the default bound to end).",
);
const StepAction = action(
  'step',
  { step: Type.String({ minLength: 1 }), server: Type.Optional(ServerRefSchema) },
  'The fake server applies one of its script steps now.',
);
const CallAction = action(
  'call',
  {
    tool: Type.String({ minLength: 1 }),
    arguments: Type.Optional(ArgumentsSchema),
    server: Type.Optional(ServerRefSchema),
  },
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
    arguments: Type.Optional(ArgumentsSchema),
    provider: Type.Optional(Type.String({ minLength: 1 })),
  },
  'The model calls a tool: the one whose description contains `pick.description` in a fresh model request (`from: new-request`, default) or in the last one it was shown (`last-request`: a stale choice), or literally the name `pick.name` (which may not exist).',
);
const WaitForAction = action(
  'wait-for',
  {
    frame: FrameMatchSchema,
    server: Type.Optional(ServerRefSchema),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 60_000 })),
  },
  'Wait until the server records a matching frame (past frames after the previous wait count); a timeout is recorded as the inconclusive runner check `runner.awaited-frame` (staging that did not happen, not a verdict on the client) and the run goes on.',
);
const AdvanceClockAction = action(
  'advance-clock',
  {
    ms: Type.Integer({ minimum: 1 }),
    on: Type.Optional(Type.Union([Type.Literal('server'), Type.Literal('client'), Type.Literal('both')])),
    server: Type.Optional(ServerRefSchema),
  },
  "Advance a logical clock by `ms`: every fake server's (`server`, default), the client's host clock (`client`), or both.",
);
const RefreshAction = action(
  'refresh',
  { server: Type.Optional(ServerRefSchema) },
  'The user asks the client to re-list a server.',
);
const ReconnectAction = action(
  'reconnect',
  { server: Type.Optional(ServerRefSchema) },
  'The user asks the client to reconnect to a server.',
);
const RestartClientAction = action(
  'restart-client',
  {},
  'The host restarts: its client is rebuilt from the state it persisted (stored session ids, cached catalogs, tokens), as after a process restart, and connects again the way it does on startup. Needs the host feature `restart-client`.',
);
const ReauthorizeAction = action(
  'reauthorize',
  { bearerToken: Type.String({ minLength: 1 }), server: Type.Optional(ServerRefSchema) },
  'The user completes an authorization: the client gets a new bearer token for the server.',
);
const GrantAction = action(
  'grant',
  { tool: Type.String({ minLength: 1 }), server: Type.Optional(ServerRefSchema) },
  'The user sets a standing "always allow" rule for one tool identity (server, tool); recorded as a standing permission.',
);
const ObserveStateAction = action(
  'observe-state',
  { server: Type.Optional(ServerRefSchema) },
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
