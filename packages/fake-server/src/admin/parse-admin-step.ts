import { Ajv, type ErrorObject } from 'ajv';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { ScriptAction } from '../script/actions/index.js';
import { ScriptActionSchema, ScriptStep } from '../script/script-document.js';

const ajv = new Ajv({ discriminator: true, allErrors: false, strict: true, strictRequired: false });
const validateStep = ajv.compile<ScriptStep>(ScriptStep);
const validateAction = ajv.compile<ScriptAction>(ScriptActionSchema);

/**
 * Checks a step handed to the admin API (possibly untrusted JSON from another process): a step id
 * (a string, or `{ "stepId": "s1" }` as the HTTP body has it), a step object
 * `{ "id": …, "action": { … } }`, or a bare action `{ "action": "addTool", … }`. Step objects and
 * actions are checked against the script's JSON Schema, so nothing invalid reaches the world.
 * @throws {ToolshiftError} ADMIN_STEP_REJECTED naming the failing place (`pointer`) and schema
 *   keyword (`rule`).
 */
export function parseAdminStep(body: unknown): string | ScriptStep | ScriptAction {
  if (typeof body === 'string' && body.length > 0) return body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw rejected('the body must be a JSON object', '', 'type');
  }
  const record = body as Record<string, unknown>;
  if ('stepId' in record) {
    if (typeof record.stepId !== 'string' || record.stepId.length === 0)
      throw rejected('stepId must be a non-empty string', '/stepId', 'type');
    return record.stepId;
  }
  if (typeof record.action === 'string') {
    if (validateAction(body)) return body;
    throw schemaRejection(validateAction.errors, 'action');
  }
  if (typeof record.action === 'object') {
    if (validateStep(body)) return body;
    throw schemaRejection(validateStep.errors, 'step');
  }
  throw rejected(
    'expected { "stepId": … }, a step { "id": …, "action": { … } } or an action { "action": "addTool", … }',
    '',
    'shape',
  );
}

function schemaRejection(errors: ErrorObject[] | null | undefined, what: string): ToolshiftError {
  const error = errors?.find((e) => e.keyword === 'discriminator') ?? errors?.[0];
  const pointer = error?.instancePath ?? '';
  return rejected(
    `the ${what} is invalid: ${pointer || '/'} ${error?.message ?? 'is invalid'}`,
    pointer,
    error?.keyword ?? 'unknown',
  );
}

function rejected(reason: string, pointer: string, rule: string): ToolshiftError {
  return new ToolshiftError('ADMIN_STEP_REJECTED', `Admin API refused the step: ${reason}.`, {
    reason,
    pointer,
    rule,
  });
}
