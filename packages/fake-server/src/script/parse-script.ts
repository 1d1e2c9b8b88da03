import { readFile } from 'node:fs/promises';
import { Ajv, type ErrorObject } from 'ajv';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { ScriptError } from '../errors/script-error.js';
import { ACTIONS, type ScriptAction } from './actions/index.js';
import { type ScriptDocument, ScriptDocumentSchema } from './script-document.js';
import { TRIGGER_KEYS } from './trigger.js';

const ajv = new Ajv({
  discriminator: true,
  allErrors: false,
  strict: true,
  strictTuples: false,
  strictRequired: false,
});
const validateDocument = ajv.compile<ScriptDocument>(ScriptDocumentSchema);

/**
 * Validates a script value (already parsed from JSON or YAML) and returns it typed. Nothing is
 * applied until the whole document passes, so a bad script is never half-loaded.
 *
 * @param value the parsed document.
 * @param source where it came from, for messages (a file path, or `<inline>`).
 * @throws {ScriptError} SCRIPT_INVALID when the document breaks the JSON Schema (`pointer` and `rule`
 *   name the failing place and keyword) or a semantic rule (`uniqueStepIds`, `uniqueToolNames`).
 * @throws {ScriptError} SCRIPT_UNKNOWN_TOOL when a step names a tool no catalog entry or `addTool` defines.
 */
export function parseScript(value: unknown, source = '<inline>'): ScriptDocument {
  if (!validateDocument(value)) {
    const error = pickError(validateDocument.errors ?? []);
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${source}: ${describe(error)}`,
      source,
      error.instancePath || '/',
      error.keyword,
    );
  }
  checkSemantics(value, source);
  return value;
}

/**
 * Parses script text: JSON or YAML (JSON is read as YAML 1.2, so either works), then validates it.
 * @throws {ScriptError} SCRIPT_INVALID for a syntax error (`rule: 'syntax'`, the message names line and column) and as {@link parseScript}.
 */
export function parseScriptText(text: string, source = '<inline>'): ScriptDocument {
  let value: unknown;
  try {
    value = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const where =
      error instanceof YAMLParseError && error.linePos
        ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
        : '';
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${source}: it is not valid JSON or YAML${where}: ${(error as Error).message.split('\n')[0]}`,
      source,
      '/',
      'syntax',
    );
  }
  return parseScript(value, source);
}

/**
 * Reads and parses a script file (`.json`, `.yaml` or `.yml`).
 * @throws {ScriptError} SCRIPT_INVALID when the file cannot be read (`rule: 'readable'`) and as {@link parseScriptText}.
 */
export async function loadScriptFile(path: string): Promise<ScriptDocument> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'}). Check the path.`,
      path,
      '/',
      'readable',
    );
  }
  return parseScriptText(text, path);
}

function pickError(errors: ErrorObject[]): ErrorObject {
  // A failed oneOf reports each branch's `required` miss before the oneOf itself; the oneOf is the useful one.
  const oneOf = errors.find((e) => e.keyword === 'oneOf');
  return (
    oneOf ?? errors[0] ?? ({ instancePath: '', keyword: 'unknown', message: 'is invalid' } as ErrorObject)
  );
}

function describe(error: ErrorObject): string {
  const at = error.instancePath || '/';
  if (error.keyword === 'oneOf' && at.endsWith('/trigger')) {
    return `${at} must hold exactly one of ${TRIGGER_KEYS.join(', ')}. Write e.g. { "afterRequests": 1, "method": "tools/list" }.`;
  }
  if (error.keyword === 'discriminator') {
    const tag = (error.params as { tagValue?: unknown }).tagValue;
    return `${at}/action ${JSON.stringify(tag)} is not an action. Use one of: ${Object.keys(ACTIONS).join(', ')}.`;
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

function checkSemantics(doc: ScriptDocument, source: string): void {
  const stepIds = new Set<string>();
  for (const [index, step] of (doc.steps ?? []).entries()) {
    if (stepIds.has(step.id)) {
      throw new ScriptError(
        'SCRIPT_INVALID',
        `Failed to load script ${source}: /steps/${index}/id '${step.id}' is used by an earlier step. Step ids must be unique.`,
        source,
        `/steps/${index}/id`,
        'uniqueStepIds',
      );
    }
    stepIds.add(step.id);
  }
  const known = new Set<string>();
  for (const [index, tool] of (doc.catalog?.tools ?? []).entries()) {
    if (known.has(tool.name)) {
      throw new ScriptError(
        'SCRIPT_INVALID',
        `Failed to load script ${source}: /catalog/tools/${index}/name '${tool.name}' appears twice. Tool names are unique within a catalog.`,
        source,
        `/catalog/tools/${index}/name`,
        'uniqueToolNames',
      );
    }
    known.add(tool.name);
  }
  for (const step of doc.steps ?? []) for (const name of toolsDefinedBy(step.action)) known.add(name);
  for (const [index, step] of (doc.steps ?? []).entries()) {
    for (const name of toolsReferencedBy(step.action)) {
      if (!known.has(name)) {
        throw new ScriptError(
          'SCRIPT_UNKNOWN_TOOL',
          `Failed to load script ${source}: /steps/${index}/action/name '${name}' is not in the catalog and no step adds it. Add it to catalog.tools or fix the name.`,
          source,
          `/steps/${index}/action/name`,
          'knownTool',
          { tool: name },
        );
      }
    }
  }
}

function toolsDefinedBy(action: ScriptAction): string[] {
  return action.action === 'addTool' ? [action.tool.name] : [];
}

function toolsReferencedBy(action: ScriptAction): string[] {
  return action.action === 'removeTool' || action.action === 'changeSchema' ? [action.name] : [];
}
