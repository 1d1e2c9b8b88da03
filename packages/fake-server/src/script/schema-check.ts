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

// allErrors: a script with five mistakes is reported with five problems in one load.
const ajv = new Ajv({
  discriminator: true,
  allErrors: true,
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

/**
 * Every violation of the script schema in a whole document (empty when it is valid): the document's
 * own shape first, then each step's action whose tag is known, against that action's schema. A
 * failed union is reported once, as the branch the value meant when exactly one branch fits its
 * shape, else as the union.
 */
export function checkDocument(value: unknown): SchemaViolation[] {
  const shell = validator('#document', () => DocumentShell);
  const found = shell(value) ? [] : violations(shell.errors, '');
  const steps = (value as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return found;
  for (const [index, step] of steps.entries()) {
    const at = `/steps/${index}/action`;
    const action = (step as { action?: { action?: unknown } } | null)?.action;
    // An action the shell refused (no tag, an unknown tag, not an object) has no schema to check against.
    if (found.some((problem) => problem.pointer === at || problem.pointer.startsWith(`${at}/`))) continue;
    if (typeof action?.action !== 'string' || !(action.action in ACTIONS)) continue;
    found.push(...checkAction(action as { action: ActionName }, at));
  }
  return found;
}

/** The violations in one step (`{ id, trigger?, action }`) or bare action (empty when valid). */
export function checkStep(value: unknown): SchemaViolation[] {
  const isAction =
    typeof value === 'object' && value !== null && typeof (value as { action?: unknown }).action === 'string';
  if (isAction) {
    const shell = validator('#action', () => ActionShell);
    return shell(value) ? checkAction(value as { action: ActionName }, '') : violations(shell.errors, '');
  }
  const shell = validator('#step', () => StepShell);
  if (!shell(value)) return violations(shell.errors, '');
  return checkAction((value as { action: { action: ActionName } }).action, '/action');
}

function checkAction(action: { action: ActionName }, at: string): SchemaViolation[] {
  const validate = validator(action.action, () => ACTIONS[action.action].schema);
  return validate(action) ? [] : violations(validate.errors, at);
}

/** One violation per mistake: unions resolved (see {@link resolveUnions}), the same pointer and rule once. */
function violations(errors: ErrorObject[] | null | undefined, prefix: string): SchemaViolation[] {
  const found: SchemaViolation[] = [];
  for (const error of resolveUnions(errors ?? [])) {
    const pointer = `${prefix}${pointerOf(error)}` || '/';
    if (found.some((other) => other.pointer === pointer && other.rule === error.keyword)) continue;
    found.push({
      pointer,
      rule: error.keyword,
      message: describe(error, `${prefix}${error.instancePath}` || '/'),
    });
  }
  return found;
}

/** The branch index of `error` under the union at `schemaPath`, if it is inside one. */
function branchOf(error: ErrorObject, schemaPath: string): number | undefined {
  if (!error.schemaPath.startsWith(`${schemaPath}/`)) return undefined;
  return Number(error.schemaPath.slice(schemaPath.length + 1).split('/')[0]);
}

/**
 * Replaces each failed union (`oneOf`/`anyOf`, outer first) by the errors of the one branch whose
 * shape the value has (no `required`, `additionalProperties` or `type` miss at the union's own
 * place), or by the union's error alone when no branch or several fit.
 */
function resolveUnions(errors: readonly ErrorObject[]): ErrorObject[] {
  let rest = [...errors];
  const done = new Set<ErrorObject>();
  for (;;) {
    const union = rest
      .filter((error) => (error.keyword === 'oneOf' || error.keyword === 'anyOf') && !done.has(error))
      .sort((a, b) => a.schemaPath.length - b.schemaPath.length)[0];
    if (!union) return rest;
    done.add(union);
    const branches = new Map<number, ErrorObject[]>();
    for (const error of rest) {
      const branch = branchOf(error, union.schemaPath);
      if (branch !== undefined) branches.set(branch, [...(branches.get(branch) ?? []), error]);
    }
    const fitting = [...branches].filter(
      ([, list]) =>
        !list.some(
          (error) =>
            error.instancePath === union.instancePath &&
            ['required', 'additionalProperties', 'type', 'const'].includes(error.keyword),
        ),
    );
    // A oneOf also fails when several branches pass: then the union itself is the mistake.
    const passing = (union.params as { passingSchemas?: unknown } | undefined)?.passingSchemas;
    const kept = fitting.length === 1 && !passing ? fitting[0]![1] : [];
    rest = rest.filter((error) =>
      error === union
        ? kept.length === 0
        : branchOf(error, union.schemaPath) === undefined || kept.includes(error),
    );
  }
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
