import { type TSchema, Type } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import { CLIENT_FEATURES, TRANSPORT_KINDS } from '../../scenario.js';
import {
  ADAPTER_METHODS,
  type AdapterMethod,
  type ClientJob,
  type FromClientProcess,
} from './client-process-protocol.js';
import { plainDataProblem } from './plain-data.js';

/*
 * The shapes the runner accepts from a client process: each message by its `type`, and each adapter
 * method's answer. Everything is checked as plain data first (`plainDataProblem`), then against
 * these schemas; a message that fails either is ignored and reported as a harness warning.
 */

const Count = Type.Integer({ minimum: 0 });
const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
const closed = { additionalProperties: false } as const;
const Headers = Type.Array(Type.Tuple([Type.String(), Type.String()]));

const ExposedTool = Type.Object({
  serverId: Type.String(),
  name: Type.String(),
  description: Optional(Type.String()),
  inputSchema: Optional(Type.Unknown()),
  outputSchema: Optional(Type.Unknown()),
  schemaRewrite: Optional(Type.String()),
});

const Observation = Type.Union([
  Type.Object({ kind: Type.Literal('exposure'), tools: Type.Array(ExposedTool) }, closed),
  Type.Object({ kind: Type.Literal('note'), text: Type.String() }, closed),
  Type.Object(
    {
      kind: Type.Literal('warning'),
      serverId: Type.String(),
      toolName: Optional(Type.String()),
      message: Type.String(),
    },
    closed,
  ),
  Type.Object(
    {
      kind: Type.Literal('permission'),
      serverId: Type.String(),
      toolName: Type.String(),
      granted: Type.Boolean(),
      how: Type.Union([Type.Literal('asked'), Type.Literal('standing')]),
    },
    closed,
  ),
]);

const ClientDescription = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    kind: Type.Union(['reference', 'sdk', 'external', 'defect'].map((kind) => Type.Literal(kind))),
    description: Optional(Type.String()),
    // The fields the runner reads are checked; a module may declare more.
    capabilities: Optional(
      Type.Object({
        transports: Type.Array(Type.Union(TRANSPORT_KINDS.map((kind) => Type.Literal(kind)))),
        features: Type.Array(Type.Union(CLIENT_FEATURES.map((feature) => Type.Literal(feature)))),
        eras: Optional(Type.Array(Type.Union([Type.Literal('legacy'), Type.Literal('modern')]))),
        wireOnly: Optional(Type.Boolean()),
      }),
    ),
  },
  closed,
);

/** The schema of each message type a client process may send. */
const MESSAGES: Readonly<Record<FromClientProcess['type'], TSchema>> = {
  loaded: Type.Object({ type: Type.Literal('loaded'), clients: Type.Array(ClientDescription) }, closed),
  'load-failed': Type.Object(
    { type: Type.Literal('load-failed'), message: Type.String(), reason: Type.String() },
    closed,
  ),
  alive: Type.Object({ type: Type.Literal('alive') }, closed),
  disconnecting: Type.Object({ type: Type.Literal('disconnecting') }, closed),
  answer: Type.Union([
    Type.Object(
      { type: Type.Literal('answer'), id: Count, ok: Type.Literal(true), value: Optional(Type.Unknown()) },
      closed,
    ),
    Type.Object(
      {
        type: Type.Literal('answer'),
        id: Count,
        ok: Type.Literal(false),
        error: Type.String(),
        code: Optional(Type.String()),
        phase: Optional(Type.String()),
      },
      closed,
    ),
  ]),
  observe: Type.Object({ type: Type.Literal('observe'), observer: Count, observation: Observation }, closed),
  'channel-open': Type.Object(
    { type: Type.Literal('channel-open'), channel: Count, endpoint: Count },
    closed,
  ),
  'channel-send': Type.Object(
    { type: Type.Literal('channel-send'), channel: Count, message: Type.Object({}) },
    closed,
  ),
  'channel-close': Type.Object({ type: Type.Literal('channel-close'), channel: Count }, closed),
  'msw-request': Type.Object(
    {
      type: Type.Literal('msw-request'),
      request: Count,
      url: Type.String(),
      method: Type.String({ minLength: 1 }),
      headers: Headers,
      body: Optional(Type.String()),
    },
    closed,
  ),
  'msw-abort': Type.Object({ type: Type.Literal('msw-abort'), request: Count }, closed),
  'job-result': Type.Object({ type: Type.Literal('job-result'), id: Count, result: Type.Unknown() }, closed),
  'job-error': Type.Object({ type: Type.Literal('job-error'), id: Count, message: Type.String() }, closed),
};

const Void = Type.Unknown();
const Tokens = Type.Record(Type.String(), Type.Number());

/** The schema of each adapter method's answer (`create` and `end-cell` too). */
const ANSWERS: Readonly<Record<AdapterMethod | 'create' | 'end-cell', TSchema>> = {
  create: Type.Object(
    { methods: Type.Array(Type.Union(ADAPTER_METHODS.map((method) => Type.Literal(method)))) },
    closed,
  ),
  'end-cell': Void,
  connect: Void,
  grant: Void,
  refresh: Void,
  reconnect: Void,
  restartClient: Void,
  reauthorize: Void,
  advanceClock: Void,
  restart: Void,
  close: Type.Object({ failure: Optional(Type.String()) }, closed),
  callTool: Type.Union([
    Type.Object({ ok: Type.Literal(true), result: Type.Unknown() }),
    Type.Object({ ok: Type.Literal(false), error: Type.String(), code: Optional(Type.String()) }),
  ]),
  modelRequest: Type.Object({
    tools: Type.Array(
      Type.Object({
        name: Type.String(),
        serverId: Type.String(),
        toolName: Type.String(),
        description: Optional(Type.String()),
        parameters: Optional(Type.Unknown()),
      }),
    ),
    withheld: Type.Array(
      Type.Object({
        serverId: Type.String(),
        toolName: Type.String(),
        reason: Type.String(),
        detail: Optional(Type.String()),
      }),
    ),
    estimatedTokens: Optional(Type.Number()),
    perServerTokens: Optional(Tokens),
    reportedToolCount: Optional(Count),
  }),
  modelCall: Type.Object({
    isError: Type.Boolean(),
    text: Type.String(),
    routedTo: Optional(Type.Object({ serverId: Type.String(), toolName: Type.String() })),
  }),
  // An agent turn may report nothing (`undefined` or `null`, let through before the schema).
  agentTurn: Type.Object({
    estimatedTokens: Optional(Type.Number()),
    perServerTokens: Optional(Tokens),
    toolCount: Optional(Count),
  }),
  serverState: Type.Object({ state: Type.String(), detail: Optional(Type.String()) }),
};

const ajv = new Ajv({ strict: false, allowUnionTypes: true });
const messageValidators = new Map<string, ValidateFunction>();
const answerValidators = new Map<string, ValidateFunction>();

function validatorIn(cache: Map<string, ValidateFunction>, key: string, schema: TSchema): ValidateFunction {
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(key, validate);
  }
  return validate;
}

function firstError(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  return error ? `${error.instancePath || '/'} ${error.message ?? 'is invalid'}` : 'is invalid';
}

/**
 * Checks a message from a client process: plain data (see `plainDataProblem`) of one of the
 * {@link FromClientProcess} shapes.
 * @returns the message, typed, or a sentence saying why it is refused (naming its `type` and where).
 */
export function checkFromClientProcess(message: unknown): FromClientProcess | { refused: string } {
  const plain = plainDataProblem(message);
  if (plain) return { refused: `not plain data: ${plain}` };
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(MESSAGES, type))
    return { refused: `an unknown message type ${JSON.stringify(type ?? null)}` };
  const validate = validatorIn(messageValidators, type, MESSAGES[type as FromClientProcess['type']]);
  if (!validate(message)) return { refused: `a message of type '${type}' whose ${firstError(validate)}` };
  return message as FromClientProcess;
}

/**
 * Checks a client process's answer to `method` (already plain data: the message was checked).
 * @returns a sentence saying why the answer is not of the method's shape, or `undefined`.
 */
export function answerProblem(
  method: AdapterMethod | 'create' | 'end-cell',
  value: unknown,
): string | undefined {
  if (method === 'agentTurn' && (value === undefined || value === null)) return undefined;
  const validate = validatorIn(answerValidators, method, ANSWERS[method]);
  return validate(value) ? undefined : firstError(validate);
}

/** The schema of each job's answer. */
const JOB_ANSWERS: Readonly<Record<ClientJob['kind'], TSchema>> = {
  explore: Type.Object({
    property: Type.String(),
    client: Type.String(),
    ok: Type.Boolean(),
    numRuns: Count,
    seed: Type.Number(),
    path: Optional(Type.String()),
    failures: Type.Array(Type.String()),
    replayFile: Optional(Type.String()),
    report: Type.String(),
  }),
  replay: Type.Object({
    failures: Type.Array(Type.String()),
    identical: Type.Boolean(),
    diverged: Optional(Type.String()),
    deliveries: Count,
    transcript: Type.Array(Type.Object({ seq: Count })),
  }),
};

/**
 * Checks a client process's answer to a job (already plain data). A job's outcome is computed in
 * the client process (see `ClientJob`), so this only keeps a malformed answer from reaching the
 * CLI; it cannot tell a forged outcome from a true one.
 * @returns why the answer is not of the job's shape, or `undefined`.
 */
export function jobAnswerProblem(kind: ClientJob['kind'], value: unknown): string | undefined {
  const validate = validatorIn(answerValidators, `job:${kind}`, JOB_ANSWERS[kind]);
  return validate(value) ? undefined : firstError(validate);
}
