import { isToolshiftError, ToolshiftError } from '../errors/toolshift-error.js';
import type { ScriptAction } from '../script/actions/index.js';
import { parseStep } from '../script/parse-script.js';
import type { ScriptStep } from '../script/script-document.js';

/**
 * Checks a step handed to the admin API (possibly untrusted JSON from another process): a step id
 * (a string, or `{ "stepId": "s1" }` as the HTTP body has it), a step object
 * `{ "id": …, "action": { … } }` (without `trigger`: it runs now), or a bare action
 * `{ "action": "addTool", … }`. Step objects and
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
  if ('trigger' in record) {
    throw rejected(
      'a step applied through the admin API runs now, so it takes no trigger; put triggered steps in the script, or drop the trigger',
      '/trigger',
      'immediate',
    );
  }
  if (typeof record.action === 'string' || typeof record.action === 'object') {
    try {
      return parseStep(body, 'the admin API');
    } catch (error) {
      if (!isToolshiftError(error, 'SCRIPT_INVALID')) throw error;
      const { pointer, rule } = error.data as { pointer: string; rule: string };
      throw rejected(
        `the ${typeof record.action === 'string' ? 'action' : 'step'} is invalid: ${error.message}`,
        pointer,
        rule,
      );
    }
  }
  throw rejected(
    'expected { "stepId": … }, a step { "id": …, "action": { … } } or an action { "action": "addTool", … }',
    '',
    'shape',
  );
}

function rejected(reason: string, pointer: string, rule: string): ToolshiftError {
  return new ToolshiftError('ADMIN_STEP_REJECTED', `Admin API refused the step: ${reason}.`, {
    reason,
    pointer,
    rule,
  });
}
