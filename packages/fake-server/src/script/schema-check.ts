import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ACTIONS, type ActionName } from './actions/index.js';
import { ScriptDocumentSchema, ScriptStep } from './script-document.js';
import { TRIGGER_KEYS } from './trigger.js';

/** Where a value breaks the script schema: a JSON pointer, the rule (schema keyword) and a sentence. */
export interface SchemaViolation {
  pointer: string;
  rule: string;
  message: string;
}

const ajv = new Ajv({
  discriminator: true,
  allErrors: false,
  strict: true,
  strictTuples: false,
  strictRequired: false,
  verbose: true,
});

const ACTION_NAMES = Object.keys(ACTIONS) as ActionName[];

/**
 * An action with only its tag checked (one of the known actions); the action's own schema is
 * checked by a validator compiled for that action alone, on first use. Compiling the whole union at
 * once generates code for every action (about 20 MiB of RSS at start), most of which a script never
 * uses.
 */
const ActionShell = {
  type: 'object',
  required: ['action'],
  discriminator: { propertyName: 'action' },
  oneOf: ACTION_NAMES.map((name) => ({ type: 'object', properties: { action: { const: name } } })),
};
const StepShell = { ...ScriptStep, properties: { ...ScriptStep.properties, action: ActionShell } };
const { $id: _published, ...documentSchema } = ScriptDocumentSchema;
const DocumentShell = {
  ...documentSchema,
  properties: { ...ScriptDocumentSchema.properties, steps: { type: 'array', items: StepShell } },
};

const validators = new Map<string, ValidateFunction>();

function validator(key: string, schema: () => object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema());
    validators.set(key, validate);
  }
  return validate;
}

/** The first violation of the script schema in a whole document, or `undefined`. */
export function checkDocument(value: unknown): SchemaViolation | undefined {
  const shell = validator('#document', () => DocumentShell);
  if (!shell(value)) return violation(shell.errors, '');
  const steps = (value as { steps?: Array<{ action: { action: ActionName } }> }).steps ?? [];
  for (const [index, step] of steps.entries()) {
    const found = checkAction(step.action, `/steps/${index}/action`);
    if (found) return found;
  }
  return undefined;
}

/** The first violation in one step (`{ id, trigger?, action }`) or bare action, or `undefined`. */
export function checkStep(value: unknown): SchemaViolation | undefined {
  const isAction =
    typeof value === 'object' && value !== null && typeof (value as { action?: unknown }).action === 'string';
  if (isAction) {
    const shell = validator('#action', () => ActionShell);
    return shell(value) ? checkAction(value as { action: ActionName }, '') : violation(shell.errors, '');
  }
  const shell = validator('#step', () => StepShell);
  if (!shell(value)) return violation(shell.errors, '');
  return checkAction((value as { action: { action: ActionName } }).action, '/action');
}

function checkAction(action: { action: ActionName }, at: string): SchemaViolation | undefined {
  const validate = validator(action.action, () => ACTIONS[action.action].schema);
  return validate(action) ? undefined : violation(validate.errors, at);
}

function violation(errors: ErrorObject[] | null | undefined, prefix: string): SchemaViolation {
  const error = pickError(errors ?? []);
  const pointer = `${prefix}${pointerOf(error)}` || '/';
  return { pointer, rule: error.keyword, message: describe(error, `${prefix}${error.instancePath}` || '/') };
}

function pickError(errors: ErrorObject[]): ErrorObject {
  const first = errors[0];
  // A failed union reports each branch's miss before the union itself; the union is the useful one.
  const union =
    errors.find(
      (e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && e.instancePath === first?.instancePath,
    ) ?? errors.find((e) => e.keyword === 'oneOf');
  return union ?? first ?? ({ instancePath: '', keyword: 'unknown', message: 'is invalid' } as ErrorObject);
}

/** The JSON pointer an error is about: for an unknown tag or property, that property itself. */
function pointerOf(error: ErrorObject): string {
  if (error.keyword === 'discriminator')
    return `${error.instancePath}/${(error.params as { tag: string }).tag}`;
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  }
  return error.instancePath;
}

/** What failed and how to fix it, for the error's place `at`. */
function describe(error: ErrorObject, at: string): string {
  if (error.keyword === 'oneOf' && at.endsWith('/trigger')) {
    return `${at} must hold exactly one of ${TRIGGER_KEYS.join(', ')}. Write e.g. { "afterRequests": 1, "method": "tools/list" }.`;
  }
  if (error.keyword === 'oneOf') {
    const branches = ((error.parentSchema as { oneOf?: unknown[] } | undefined)?.oneOf ?? []) as Array<{
      required?: string[];
    }>;
    const keys = branches.map((branch) => branch.required?.[0]);
    if (
      keys.length > 0 &&
      keys.every((key) => key !== undefined) &&
      branches.every((b) => Object.keys(b).length === 1)
    )
      return `${at} must hold exactly one of ${keys.join(', ')}.`;
  }
  if (error.keyword === 'discriminator') {
    const { tag, tagValue } = error.params as { tag: string; tagValue?: unknown };
    const branches = ((error.parentSchema as { oneOf?: unknown[] } | undefined)?.oneOf ?? []) as Array<{
      properties?: Record<string, { const?: unknown }>;
    }>;
    const known = branches
      .map((branch) => branch.properties?.[tag]?.const)
      .filter((v) => typeof v === 'string');
    const got = tagValue === undefined ? 'is missing' : `'${String(tagValue)}' is unknown`;
    return `${at}/${tag} ${got}; it must be one of ${known.join(', ')}.`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${at} must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}.`;
  }
  if (error.keyword === 'anyOf') {
    const values = ((error.schema ?? []) as Array<{ const?: unknown }>).map((branch) => branch.const);
    if (values.length > 0 && values.every((value) => value !== undefined)) {
      return `${at} must be one of ${values.map((value) => JSON.stringify(value)).join(', ')}.`;
    }
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return `${at} has an unknown property '${extra}'. Remove it or check its spelling.`;
  }
  if (error.keyword === 'minimum' && at.endsWith('/afterRequests')) {
    return `${at} must be ≥ 1. Use 1 for 'after the first request'.`;
  }
  if (error.keyword === 'const' && at === '/toolshiftScript') {
    return `/toolshiftScript must be 1 (the only script format version this toolshift reads).`;
  }
  return `${at} ${error.message ?? 'is invalid'} (rule: ${error.keyword}).`;
}
