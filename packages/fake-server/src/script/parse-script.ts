import { readFile } from 'node:fs/promises';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { ScriptError } from '../errors/script-error.js';
import { MAX_NESTING_DEPTH, valueNestsDeeperThan } from '../exchange/nesting-depth.js';
import { LIST_SPECS } from '../world/list-kind.js';
import { generatedToolName } from '../world/tool-generator.js';
import type { CatalogChange } from './actions/catalog-change.js';
import type { ScriptAction } from './actions/index.js';
import { INITIAL_SNAPSHOT } from './actions/restore-snapshot.js';
import { checkDocument, checkStep } from './schema-check.js';
import type { ScriptDocument, ScriptStep } from './script-document.js';

/**
 * Validates a script value (already parsed from JSON or YAML) and returns it typed. Nothing is
 * applied until the whole document passes, so a bad script is never half-loaded.
 *
 * @param value the parsed document.
 * @param source where it came from, for messages (a file path, or `<inline>`).
 * @throws {ScriptError} SCRIPT_INVALID when the document nests deeper than {@link MAX_NESTING_DEPTH}
 *   (`rule: 'maxDepth'`), breaks the JSON Schema (`pointer` and `rule` name the failing place and
 *   keyword) or a semantic rule (`uniqueStepIds`, `uniqueToolNames`, `uniqueItems` (resource URIs,
 *   template URIs, prompt names), `knownResource`, `knownResourceTemplate`, `knownPrompt`,
 *   `knownPrincipal`, `knownSnapshot`, `pageMutationReachable`).
 * @throws {ScriptError} SCRIPT_UNKNOWN_TOOL when a step names a tool no catalog entry or `addTool` defines.
 */
export function parseScript(value: unknown, source = '<inline>'): ScriptDocument {
  const found = tooDeep(value) ?? checkDocument(value);
  if (found) {
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${source}: ${found.message}`,
      source,
      found.pointer,
      found.rule,
    );
  }
  const doc = value as ScriptDocument;
  checkSemantics(doc, source);
  return doc;
}

/**
 * Validates one step (`{ id, trigger?, action }`) or a bare action given at run time (`apply()`, the
 * admin API) against the same schema as a script's steps. Tool names are not checked here: an
 * action naming a tool the catalog lacks fails when applied (STEP_FAILED), changing nothing.
 * @throws {ScriptError} SCRIPT_INVALID naming the JSON pointer and the rule that failed.
 */
export function parseStep(value: unknown, source = '<apply>'): ScriptStep | ScriptAction {
  const found = tooDeep(value) ?? checkStep(value);
  if (found) {
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Invalid step from ${source}: ${found.message}`,
      source,
      found.pointer,
      found.rule,
    );
  }
  return value as ScriptStep | ScriptAction;
}

/** A `maxDepth` failure when `value` nests deeper than the server reads anywhere (nothing that deep is served or recorded). */
function tooDeep(value: unknown): { message: string; pointer: string; rule: string } | undefined {
  if (!valueNestsDeeperThan(value)) return undefined;
  return {
    message: `it nests deeper than ${MAX_NESTING_DEPTH} levels. Flatten the deepest schema or value.`,
    pointer: '/',
    rule: 'maxDepth',
  };
}

/** How script text is read: strict JSON (RFC 8259), or YAML 1.2 (which also reads JSON). */
export type ScriptFormat = 'json' | 'yaml';

/** The format a script file's name implies: `.json` is strict JSON; anything else (`.yaml`, `.yml`) is YAML. */
export function scriptFormatOf(path: string): ScriptFormat {
  return path.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
}

/**
 * Parses script text, then validates it. `json` is read strictly as JSON (no comments, no YAML
 * syntax); `yaml` as YAML 1.2 with unique keys. The default follows `source`'s extension
 * ({@link scriptFormatOf}), so inline text is YAML (JSON text parses either way).
 * @throws {ScriptError} SCRIPT_INVALID for a syntax error (`rule: 'syntax'`; the message names the
 *   source, the format, and the line and column when known) and as {@link parseScript}.
 */
export function parseScriptText(
  text: string,
  source = '<inline>',
  format: ScriptFormat = scriptFormatOf(source),
): ScriptDocument {
  return parseScript(format === 'json' ? readJson(text, source) : readYaml(text, source), source);
}

function readJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message)?.[1];
    const where = position === undefined ? '' : ` at ${lineAndColumn(text, Number(position))}`;
    throw syntaxError(source, `it is not valid JSON${where}: ${message}`);
  }
}

function readYaml(text: string, source: string): unknown {
  try {
    return parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const where =
      error instanceof YAMLParseError && error.linePos
        ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
        : '';
    throw syntaxError(
      source,
      `it is not valid JSON or YAML${where}: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}

/** `line L, column C` (1-based) of a 0-based character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

function syntaxError(source: string, detail: string): ScriptError {
  return new ScriptError(
    'SCRIPT_INVALID',
    `Failed to load script ${source}: ${detail}`,
    source,
    '/',
    'syntax',
  );
}

/**
 * Reads and parses a script file: `.json` strictly as JSON, `.yaml`/`.yml` (or any other name) as YAML.
 * @throws {ScriptError} SCRIPT_INVALID naming `path` when the file cannot be read (`rule: 'readable'`) and as {@link parseScriptText}.
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
  return parseScriptText(text, path, scriptFormatOf(path));
}

/**
 * Reads a script file's JSON or YAML value without validating it (a proxy validates its overlay
 * once it knows the upstream's tools, which the overlay's steps may name).
 * @throws {ScriptError} SCRIPT_INVALID when the file cannot be read or is not JSON/YAML.
 */
export async function readScriptFile(path: string): Promise<unknown> {
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
  return scriptFormatOf(path) === 'json' ? readJson(text, path) : readYaml(text, path);
}

function checkSemantics(doc: ScriptDocument, source: string): void {
  const fail = (pointer: string, rule: string, message: string): never => {
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${source}: ${pointer} ${message}`,
      source,
      pointer,
      rule,
    );
  };
  const stepIds = new Set<string>();
  for (const [index, step] of (doc.steps ?? []).entries()) {
    if (stepIds.has(step.id))
      fail(
        `/steps/${index}/id`,
        'uniqueStepIds',
        `'${step.id}' is used by an earlier step. Step ids must be unique.`,
      );
    stepIds.add(step.id);
  }
  const known = new Set<string>();
  for (const [index, tool] of (doc.catalog?.tools ?? []).entries()) {
    if (known.has(tool.name)) {
      fail(
        `/catalog/tools/${index}/name`,
        'uniqueToolNames',
        `'${tool.name}' appears twice. Tool names are unique within a catalog.`,
      );
    }
    known.add(tool.name);
  }
  const catalog = doc.catalog ?? {};
  const listKeys = {
    resources: new Set<string>(),
    resourceTemplates: new Set<string>(),
    prompts: new Set<string>(),
  };
  for (const kind of ['resources', 'resourceTemplates', 'prompts'] as const) {
    const { keyField, noun } = LIST_SPECS[kind];
    for (const [index, item] of (catalog[kind] ?? []).entries()) {
      const key = String((item as Record<string, unknown>)[keyField]);
      if (listKeys[kind].has(key)) {
        fail(
          `/catalog/${kind}/${index}/${keyField}`,
          'uniqueItems',
          `'${key}' appears twice. Each ${noun}'s ${keyField} is unique within its list.`,
        );
      }
      listKeys[kind].add(key);
    }
  }
  for (const step of doc.steps ?? []) {
    for (const { kind, key } of itemsDefinedBy(step.action)) listKeys[kind].add(key);
  }
  for (const [index, step] of (doc.steps ?? []).entries()) {
    for (const { kind, key, pointer } of itemsReferencedBy(step.action, `/steps/${index}/action`)) {
      if (listKeys[kind].has(key)) continue;
      const { noun, keyField } = LIST_SPECS[kind];
      fail(
        pointer,
        `known${kind === 'resourceTemplates' ? 'ResourceTemplate' : kind === 'resources' ? 'Resource' : 'Prompt'}`,
        `'${key}' is no ${noun} of catalog.${kind} and no step adds one with that ${keyField}. Add it or fix the ${keyField}.`,
      );
    }
    const { trigger, action } = step;
    if (trigger && 'betweenPages' in trigger && action.action === 'mutateBetweenPages') {
      const sameList = (trigger.list ?? 'tools') === (action.list ?? 'tools');
      if (sameList && action.afterPage < trigger.betweenPages) {
        fail(
          `/steps/${index}/action/afterPage`,
          'pageMutationReachable',
          `is ${action.afterPage}, but the step is armed after page ${trigger.betweenPages} was served: page ${action.afterPage} is already past, so the changes would wait for another listing that may never come. Use afterPage ${trigger.betweenPages} (now, before page ${trigger.betweenPages + 1}) or later.`,
        );
      }
    }
  }
  for (const [index, rule] of (doc.answers ?? []).entries()) {
    const at = `/answers/${index}`;
    if (rule.tool !== undefined && rule.method !== 'tools/call')
      fail(`${at}/tool`, 'toolNeedsToolsCall', `only applies to method tools/call, not ${rule.method}.`);
    if (rule.holdUntil !== undefined && !stepIds.has(rule.holdUntil)) {
      fail(
        `${at}/holdUntil`,
        'knownStep',
        `'${rule.holdUntil}' is not the id of a step of this script; the answer would never be sent. Name a step, or use unanswered: true.`,
      );
    }
    const structured = (rule.result as Record<string, unknown> | undefined)?.structured;
    if (
      structured !== undefined &&
      (rule.method !== 'tools/call' || !['valid', 'invalid', 'omit'].includes(String(structured)))
    ) {
      fail(
        `${at}/result/structured`,
        'structuredKind',
        rule.method === 'tools/call'
          ? `must be one of "valid", "invalid", "omit" (or give structuredContent as written).`
          : `only applies to tools/call results; other methods' results are sent as written.`,
      );
    }
  }
  const principals = new Set((doc.auth?.tokens ?? []).map((grant) => grant.principal));
  const localPrincipal = doc.auth?.localPrincipal;
  if (localPrincipal !== undefined && !principals.has(localPrincipal)) {
    fail(
      '/auth/localPrincipal',
      'knownPrincipal',
      `'${localPrincipal}' is not the principal of any token in /auth/tokens.`,
    );
  }
  const snapshots = new Set<string>([INITIAL_SNAPSHOT]);
  for (const step of doc.steps ?? []) {
    for (const name of toolsDefinedBy(step.action)) known.add(name);
    if (step.action.action === 'saveSnapshot') snapshots.add(step.action.name);
  }
  for (const [index, step] of (doc.steps ?? []).entries()) {
    const at = `/steps/${index}/action`;
    for (const { name, pointer } of toolsReferencedBy(step.action, at)) {
      if (known.has(name)) continue;
      throw new ScriptError(
        'SCRIPT_UNKNOWN_TOOL',
        `Failed to load script ${source}: ${pointer} '${name}' is not in the catalog and no step adds it. Add it to catalog.tools or fix the name.`,
        source,
        pointer,
        'knownTool',
        { tool: name },
      );
    }
    const action = step.action;
    if (action.action === 'restoreSnapshot') {
      if ((action.name === undefined) === (action.tools === undefined)) {
        fail(at, 'oneOf', 'must hold exactly one of name and tools.');
      }
      if (action.name !== undefined && !snapshots.has(action.name)) {
        fail(
          `${at}/name`,
          'knownSnapshot',
          `'${action.name}' is neither 'initial' nor saved by a saveSnapshot step.`,
        );
      }
    }
  }
}

/** Tool names an action brings into the catalog. */
function toolsDefinedBy(action: ScriptAction | CatalogChange): string[] {
  switch (action.action) {
    case 'addTool':
      return [action.tool.name];
    case 'insertTools':
      return action.tools.map((tool) => tool.name);
    case 'renameTool':
      return [action.to];
    case 'generateTools': {
      const start = action.startIndex ?? 0;
      return Array.from({ length: action.count }, (_, i) => generatedToolName(start + i, action.prefix));
    }
    case 'restoreSnapshot':
    case 'restartServer':
      return (action.tools ?? []).map((tool) => tool.name);
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap(toolsDefinedBy);
    default:
      return [];
  }
}

/** Tool names an action needs to find in the catalog, with their JSON pointers. */
function toolsReferencedBy(
  action: ScriptAction | CatalogChange,
  at: string,
): Array<{ name: string; pointer: string }> {
  switch (action.action) {
    case 'removeTool':
    case 'changeSchema':
    case 'changeMetadata':
    case 'renameTool':
    case 'setToolScopes':
      return [{ name: action.name, pointer: `${at}/name` }];
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap((change, index) => toolsReferencedBy(change, `${at}/changes/${index}`));
    default:
      return [];
  }
}

type ItemKind = 'resources' | 'resourceTemplates' | 'prompts';

/** Resource URIs, template URIs and prompt names an action brings into their lists. */
function itemsDefinedBy(action: ScriptAction | CatalogChange): Array<{ kind: ItemKind; key: string }> {
  switch (action.action) {
    case 'addResource':
      return [{ kind: 'resources', key: action.resource.uri }];
    case 'addResourceTemplate':
      return [{ kind: 'resourceTemplates', key: action.resourceTemplate.uriTemplate }];
    case 'addPrompt':
      return [{ kind: 'prompts', key: action.prompt.name }];
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap(itemsDefinedBy);
    default:
      return [];
  }
}

/** Resource URIs, template URIs and prompt names an action needs to find, with their JSON pointers. */
function itemsReferencedBy(
  action: ScriptAction | CatalogChange,
  at: string,
): Array<{ kind: ItemKind; key: string; pointer: string }> {
  switch (action.action) {
    case 'removeResource':
    case 'changeResource':
    case 'updateResource':
      return [{ kind: 'resources', key: action.uri, pointer: `${at}/uri` }];
    case 'removeResourceTemplate':
    case 'changeResourceTemplate':
      return [{ kind: 'resourceTemplates', key: action.uriTemplate, pointer: `${at}/uriTemplate` }];
    case 'removePrompt':
    case 'changePrompt':
      return [{ kind: 'prompts', key: action.name, pointer: `${at}/name` }];
    case 'mutateBetweenPages':
    case 'changeCatalog':
      return action.changes.flatMap((change, index) => itemsReferencedBy(change, `${at}/changes/${index}`));
    default:
      return [];
  }
}
