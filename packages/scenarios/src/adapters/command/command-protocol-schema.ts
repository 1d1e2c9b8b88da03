import { createRequire } from 'node:module';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/** The published JSON Schema of the command-client protocol (`@toolshift/scenarios/command-protocol.schema.json`). */
export const COMMAND_PROTOCOL_SCHEMA = createRequire(import.meta.url)(
  '@toolshift/scenarios/command-protocol.schema.json',
) as { $id: string; $defs: Record<string, unknown> };

/** The `$defs` of the schema a message or result can be checked against. */
export type CommandProtocolDefinition =
  | 'programMessage'
  | 'runnerMessage'
  | 'hello'
  | 'callResult'
  | 'modelRequestResult'
  | 'modelCallResult'
  | 'serverTarget';

/** Why a value does not match the schema: the JSON pointer inside it, the schema keyword and a sentence. */
export interface SchemaViolation {
  pointer: string;
  rule: string;
  message: string;
}

/** The `$defs` entry for each message `type` on either side. */
const DEFINITION_BY_TYPE: Readonly<Record<'program' | 'runner', Readonly<Record<string, string>>>> = {
  program: {
    hello: 'hello',
    tools: 'tools',
    note: 'note',
    warning: 'warning',
    state: 'state',
    resources: 'resources',
    prompts: 'prompts',
  },
  runner: {
    connect: 'connect',
    call: 'call',
    refresh: 'refresh',
    reconnect: 'reconnect',
    'restart-client': 'restartClient',
    reauthorize: 'reauthorize',
    'model-request': 'modelRequest',
    'model-call': 'modelCall',
    'agent-turn': 'agentTurn',
    'advance-clock': 'advanceClock',
    grant: 'grant',
    shutdown: 'shutdown',
  },
};

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorFor(definition: string): ValidateFunction {
  let validate = compiled.get(definition);
  if (!validate) {
    ajv ??= new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true }).addSchema(
      COMMAND_PROTOCOL_SCHEMA,
    );
    validate = ajv.getSchema(`${COMMAND_PROTOCOL_SCHEMA.$id}#/$defs/${definition}`)!;
    compiled.set(definition, validate);
  }
  return validate;
}

function describe(error: ErrorObject, value: unknown): SchemaViolation {
  const pointer = error.instancePath || '/';
  const at = pointer === '/' ? 'the message' : pointer;
  if (error.keyword === 'enum') {
    const noun = error.schemaPath.split('/').at(-2) ?? 'value';
    const got = error.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>((inner, key) => (inner as Record<string, unknown> | undefined)?.[key], value);
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.join(', ');
    return { pointer, rule: 'enum', message: `${at}: '${String(got)}' is not a ${noun} (known: ${allowed})` };
  }
  if (error.keyword === 'additionalProperties')
    return {
      pointer,
      rule: 'additionalProperties',
      message: `${at}: unknown field '${(error.params as { additionalProperty: string }).additionalProperty}'`,
    };
  return { pointer, rule: error.keyword, message: `${at} ${error.message ?? 'is invalid'}` };
}

/**
 * Checks a value against one `$defs` entry of the protocol schema.
 * @returns `undefined` when it matches, else the first violation.
 */
export function checkAgainst(
  definition: CommandProtocolDefinition,
  value: unknown,
): SchemaViolation | undefined {
  const validate = validatorFor(definition);
  if (validate(value)) return undefined;
  return describe(validate.errors![0]!, value);
}

/**
 * Checks one message of either side against the schema, dispatching on its `type` so a violation
 * names the field of that message (a response is checked as `responseOk` or `responseError` by `ok`).
 * @returns `undefined` when it is a valid message of that side, else why not.
 */
export function checkMessage(side: 'program' | 'runner', value: unknown): SchemaViolation | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { pointer: '/', rule: 'type', message: 'not a JSON object' };
  const type = (value as { type?: unknown }).type;
  let definition = typeof type === 'string' ? DEFINITION_BY_TYPE[side][type] : undefined;
  if (side === 'program' && type === 'response')
    definition = (value as { ok?: unknown }).ok === false ? 'responseError' : 'responseOk';
  if (!definition)
    return {
      pointer: '/type',
      rule: 'enum',
      message: `unknown ${side === 'program' ? 'program' : 'runner'} message type ${JSON.stringify(type)}`,
    };
  const validate = validatorFor(definition);
  if (validate(value)) return undefined;
  return describe(validate.errors![0]!, value);
}
