import { readFile } from 'node:fs/promises';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { ScriptError } from '../errors/script-error.js';
import { MAX_NESTING_DEPTH, valueNestsDeeperThan } from '../exchange/nesting-depth.js';
import type { ScriptAction } from './actions/index.js';
import { checkDocument, checkStep } from './schema-check.js';
import type { ScriptDocument, ScriptStep } from './script-document.js';
import { assertReachable, scriptUnreachable } from './script-reachability.js';
import { type ScriptProblem, scriptSemanticProblems } from './script-semantics.js';

/**
 * Validates a script value (already parsed from JSON or YAML) and returns it typed. Nothing is
 * applied until the whole document passes, so a bad script is never half-loaded. Every problem is
 * reported at once (schema and semantic rules; `data.problems` lists each with its JSON pointer).
 *
 * @param value the parsed document.
 * @param source where it came from, for messages (a file path, or `<inline>`).
 * @param options `reachable`: also report the fields that can never fire on the server the script
 *   configures (what `createFakeServer` refuses), with the other problems. Script text and files
 *   are read so; a document built in code is checked when a server is created from it.
 * @throws {ScriptError} SCRIPT_INVALID when the document nests deeper than {@link MAX_NESTING_DEPTH}
 *   (`rule: 'maxDepth'`), breaks the JSON Schema (`pointer` and `rule` name the failing place and
 *   keyword) or a semantic rule (`uniqueStepIds`, `uniqueToolNames`, `uniqueItems` (resource URIs,
 *   template URIs, prompt names), `knownResource`, `knownResourceTemplate`, `knownPrompt`,
 *   `knownPrincipal`, `knownSnapshot`, `pageMutationReachable`).
 * @throws {ScriptError} SCRIPT_INVALID with `rule: 'notAScenario'` and one sentence when the value is
 *   a toolshift scenario (servers, checks, clientActions) rather than a script.
 * @throws {ScriptError} SCRIPT_UNKNOWN_TOOL when the only problems are steps naming a tool no catalog
 *   entry or `addTool` defines (`data.tool` is the first).
 * @throws {ScriptError} SCRIPT_UNREACHABLE (with `reachable`) when the only problems are fields that
 *   can never fire on the server the script configures (see `scriptUnreachable`); with other
 *   problems they are listed among them (SCRIPT_INVALID).
 */
export function parseScript(
  value: unknown,
  source = '<inline>',
  options: { reachable?: boolean } = {},
): ScriptDocument {
  const deep = tooDeep(value);
  if (deep)
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${source}: ${deep.message}`,
      source,
      deep.pointer,
      deep.rule,
    );
  const scenario = scenarioGivenAsScript(value);
  if (scenario)
    throw new ScriptError(
      'SCRIPT_INVALID',
      `Failed to load script ${source}: ${scenario}`,
      source,
      '/',
      'notAScenario',
    );
  const problems: ScriptProblem[] = checkDocument(value);
  const schemaValid = problems.length === 0;
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    problems.push(
      ...scriptSemanticProblems(
        value as ScriptDocument,
        problems.map((problem) => problem.pointer),
      ),
    );
  // Fields that can never fire are reported with the rest (reachability reads a well-formed document).
  const unreachable =
    options.reachable === true && schemaValid ? scriptUnreachable(servedAs(value as ScriptDocument)) : [];
  if (problems.length === 0) assertReachable(unreachable, source);
  for (const field of unreachable)
    problems.push({
      pointer: field.pointer,
      rule: field.rule,
      message: `${field.pointer} can never fire on this server: ${field.why}`,
    });
  if (problems.length > 0) throw scriptProblemsError(problems.sort(byDocumentOrder), source);
  return value as ScriptDocument;
}

/** `doc` as the server it configures reads it: an authorization server makes the endpoint a protected resource. */
export function servedAs(doc: ScriptDocument): ScriptDocument {
  return doc.authorizationServer && !doc.auth ? { ...doc, auth: {} } : doc;
}

/**
 * The hint for a toolshift scenario given where a script belongs (it has `servers`, `checks` or
 * `clientActions` and no `toolshiftScript`): one sentence instead of a problem per scenario field.
 */
function scenarioGivenAsScript(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.includes('toolshiftScript')) return undefined;
  const scenarioKeys = ['servers', 'checks', 'clientActions'].filter((key) => keys.includes(key));
  if (scenarioKeys.length === 0) return undefined;
  return `it is a toolshift scenario (it has ${scenarioKeys.join(', ')}), not a server script: run it with 'toolshift run --scenario-file FILE', or use the script of one of its servers (servers[i].script).`;
}

/** Problems in the order of the places they point at (`/steps/2` before `/steps/10`). */
function byDocumentOrder(a: ScriptProblem, b: ScriptProblem): number {
  const left = a.pointer.split('/');
  const right = b.pointer.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] === right[i]) continue;
    const [x, y] = [Number(left[i]), Number(right[i])];
    return Number.isInteger(x) && Number.isInteger(y) ? x - y : left[i]!.localeCompare(right[i]!);
  }
  return left.length - right.length;
}

/**
 * The error for a script's problems: one sentence for one problem, else the count and one line per
 * problem (`/pointer message [rule]`); `data.problems` holds them all, `pointer`/`rule` the first.
 * The code is SCRIPT_UNKNOWN_TOOL when every problem is a tool no catalog entry or step defines.
 */
function scriptProblemsError(problems: readonly ScriptProblem[], source: string): ScriptError {
  const first = problems[0]!;
  const message =
    problems.length === 1
      ? `Failed to load script ${source}: ${first.message}`
      : `Failed to load script ${source}: ${problems.length} problems:\n${problems.map((problem) => `  ${problem.message}${problem.message.endsWith(`(rule: ${problem.rule}).`) ? '' : ` [${problem.rule}]`}`).join('\n')}`;
  const unknownTool = problems.every((problem) => problem.rule === 'knownTool');
  return new ScriptError(
    unknownTool ? 'SCRIPT_UNKNOWN_TOOL' : 'SCRIPT_INVALID',
    message,
    source,
    first.pointer,
    first.rule,
    {
      problems: problems.map(({ pointer, rule, message }) => ({ pointer, rule, message })),
      ...(first.tool !== undefined ? { tool: first.tool } : {}),
    },
  );
}

/**
 * Validates one step (`{ id, trigger?, action }`) or a bare action given at run time (`apply()`, the
 * admin API) against the same schema as a script's steps. Tool names are not checked here: an
 * action naming a tool the catalog lacks fails when applied (STEP_FAILED), changing nothing.
 * @throws {ScriptError} SCRIPT_INVALID naming the JSON pointer and the rule that failed.
 */
export function parseStep(value: unknown, source = '<apply>'): ScriptStep | ScriptAction {
  const found = tooDeep(value) ?? checkStep(value)[0];
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
 * Fields that can never fire on the server the script configures are reported with its other
 * problems (`parseScript`'s `reachable`).
 * @throws {ScriptError} SCRIPT_INVALID for a syntax error (`rule: 'syntax'`; the message names the
 *   source, the format, and the line and column when known) and as {@link parseScript}.
 */
export function parseScriptText(
  text: string,
  source = '<inline>',
  format: ScriptFormat = scriptFormatOf(source),
): ScriptDocument {
  return parseScript(format === 'json' ? readJson(text, source) : readYaml(text, source), source, {
    reachable: true,
  });
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
