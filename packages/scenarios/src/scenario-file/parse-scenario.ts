import { INVARIANTS } from '@toolshift/assertions';
import {
  isToolshiftError,
  parseScript,
  type ScriptDocument,
  scriptUnreachable,
  transportUnreachable,
} from '@toolshift/fake-server';
import { Ajv } from 'ajv';
import { ScenarioError } from '../errors/scenario-error.js';
import { scriptForCell } from '../runner/cell-eras.js';
import { checkId, type Scenario, ScenarioSchema } from '../scenario.js';
import { type ScenarioProblem, schemaProblems } from './schema-problems.js';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, discriminator: true });
const validate = ajv.compile<Scenario>(ScenarioSchema);

/**
 * The hint for a server script given where a scenario belongs (it has `toolshiftScript`, or a
 * script's sections and none of a scenario's): one sentence instead of a problem per script field.
 */
function scriptGivenAsScenario(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (['id', 'servers', 'checks', 'clientActions'].some((key) => keys.includes(key))) return undefined;
  const scriptKeys = ['toolshiftScript', 'catalog', 'steps'].filter((key) => keys.includes(key));
  if (scriptKeys.length === 0) return undefined;
  return `it is a server script (it has ${scriptKeys.join(', ')}), not a scenario: serve it with 'toolshift serve --script FILE', or make it a scenario server's script (servers: [{ id: primary, script: … }]; 'toolshift export empty-list' writes a scenario to start from).`;
}

/** Options of {@link parseScenario}. */
export interface ParseScenarioOptions {
  /**
   * Require `source` on the scenario and `cites` on every check (the catalog's rule: each scenario
   * says where it comes from). User scenario files may leave them out.
   */
  requireCitations?: boolean;
}

/**
 * Validates a scenario document (from a file, or catalog data) and returns it with every script
 * parsed. Besides the schema it checks: server ids unique, exactly one of `script`/`sameServerAs`
 * (naming an earlier server with a script), every script valid (a scenario's eras are the eras the
 * client prefers; a script may serve fewer), every action's server and step defined, every check's
 * invariant known with usable parameters, check ids unique, and with `requireCitations` a `source`
 * and every check's `cites`. Every problem is reported at once: the semantic rules run on each part
 * the schema accepted.
 * @throws {ScenarioError} SCENARIO_INVALID with `rule: 'script-not-scenario'` and one sentence when
 *   the value is a server script (toolshiftScript, catalog, steps) rather than a scenario.
 * @throws {ScenarioError} SCENARIO_INVALID naming `source`, and for each problem its JSON pointer
 *   and the rule that failed (`data.problems`; `pointer`/`rule` are the first problem's).
 */
export function parseScenario(
  value: unknown,
  source = '<scenario>',
  options: ParseScenarioOptions = {},
): Scenario {
  const script = scriptGivenAsScenario(value);
  if (script)
    throw new ScenarioError(`Invalid scenario ${source}: ${script}`, source, '/', 'script-not-scenario');
  const problems: ScenarioProblem[] = validate(value) ? [] : schemaProblems(validate.errors ?? []);
  const schemaBroken = (pointer: string) =>
    problems.some((problem) => problem.pointer === pointer || problem.pointer.startsWith(`${pointer}/`));
  const report = (pointer: string, rule: string, message: string) => {
    problems.push({ pointer, rule, message });
  };
  const doc = (
    typeof value === 'object' && value !== null ? structuredClone(value) : {}
  ) as Partial<Scenario>;
  const list = <T>(items: unknown): T[] => (Array.isArray(items) ? (items as T[]) : []);
  if (options.requireCitations) {
    if (doc.source === undefined)
      report(
        '/source',
        'citation-required',
        '/source is required in the catalog: say which case, seed or spec section the scenario comes from.',
      );
    list<Scenario['checks'][number]>(doc.checks).forEach((check, index) => {
      if (check && typeof check === 'object' && check.cites === undefined)
        report(
          `/checks/${index}/cites`,
          'citation-required',
          `/checks/${index}/cites is required in the catalog: cite the case step, seed or spec section the check enforces.`,
        );
    });
  }
  const servers = list<Scenario['servers'][number]>(doc.servers);
  const scripts = new Map<string, ScriptDocument>();
  const usable = new Set<string>();
  servers.forEach((server, index) => {
    const at = `/servers/${index}`;
    if (schemaBroken(at)) return;
    usable.add(server.id);
    if (servers.findIndex((other) => other?.id === server.id) !== index) {
      report(`${at}/id`, 'unique-server-id', `${at}/id '${server.id}' is used by two servers.`);
      return;
    }
    if ((server.script === undefined) === (server.sameServerAs === undefined)) {
      report(at, 'script-or-same-server', `${at} needs exactly one of script and sameServerAs.`);
      return;
    }
    if (server.sameServerAs !== undefined) {
      const owner = scripts.get(server.sameServerAs);
      if (owner) scripts.set(server.id, owner);
      else
        report(
          `${at}/sameServerAs`,
          'known-server',
          `${at}/sameServerAs '${server.sameServerAs}' must name an earlier server that has a script.`,
        );
      return;
    }
    try {
      const script = parseScript(server.script, `${source}#${at}/script`);
      server.script = script;
      scripts.set(server.id, script);
    } catch (error) {
      if (!isToolshiftError(error)) throw error;
      const data = error.data as { pointer?: string; rule?: string };
      const pointer = `${at}/script${data.pointer && data.pointer !== '/' ? data.pointer : ''}`;
      report(pointer, data.rule ?? 'script', `${at}/script is not a valid script: ${error.message}`);
    }
  });
  // A script field that can never fire in a cell the scenario runs in (its eras, transports and the
  // script's capabilities) is a load error, not a silent no-op mid-run.
  if (!schemaBroken('/eras') && !schemaBroken('/transports'))
    servers.forEach((server, index) => {
      const script = scripts.get(server?.id);
      if (!script || server.sameServerAs !== undefined) return;
      const seen = new Set<string>();
      for (const era of list<Scenario['eras'][number]>(doc.eras)) {
        const cell = scriptForCell(script, era);
        const found = [
          ...scriptUnreachable(cell).map((f) => ({ ...f, where: `in a ${era} cell` })),
          ...list<Scenario['transports'][number]>(doc.transports).flatMap((transport) =>
            transportUnreachable(cell, transport).map((f) => ({ ...f, where: `over ${transport}` })),
          ),
        ];
        for (const f of found) {
          const pointer = `/servers/${index}/script${f.pointer}`;
          if (seen.has(pointer)) continue;
          seen.add(pointer);
          report(pointer, 'script-reachable', `${pointer} can never fire ${f.where}: ${f.why}`);
        }
      }
    });
  const serverIds = new Set(servers.flatMap((server) => (typeof server?.id === 'string' ? [server.id] : [])));
  const knownServer = (ref: string | undefined, pointer: string) => {
    if (ref !== undefined && !serverIds.has(ref))
      report(
        pointer,
        'known-server',
        `${pointer} '${ref}' is not a server of this scenario (${[...serverIds].join(', ')}).`,
      );
  };
  list<Scenario['clientActions'][number]>(doc.clientActions).forEach((action, index) => {
    const at = `/clientActions/${index}`;
    if (schemaBroken(at)) return;
    if ('server' in action) knownServer(action.server, `${at}/server`);
    if (action.do === 'connect' && action.releaseIfBlocked)
      knownServer(action.releaseIfBlocked.server, `${at}/releaseIfBlocked/server`);
    if (action.do === 'step') {
      const script = scripts.get(action.server ?? servers[0]?.id ?? '');
      // A server whose script is itself invalid was reported above; its steps are unknown.
      if (!script) return;
      const steps = (script.steps ?? []).map((step) => step.id);
      if (!steps.includes(action.step))
        report(
          `${at}/step`,
          'known-step',
          `${at}/step '${action.step}' is not a step of that server's script (${steps.join(', ') || 'none'}).`,
        );
    }
  });
  const checkIds = new Set<string>();
  list<Scenario['checks'][number]>(doc.checks).forEach((check, index) => {
    const at = `/checks/${index}`;
    if (schemaBroken(at)) return;
    const invariant = INVARIANTS[check.invariant];
    knownServer(check.server, `${at}/server`);
    if (!invariant)
      report(
        `${at}/invariant`,
        'known-invariant',
        `${at}/invariant '${check.invariant}' is not a known invariant.`,
      );
    else {
      const problem = invariant.validateParams?.(check.params);
      if (problem) report(`${at}/params`, 'invariant-params', `${at}/params: ${problem}`);
      else if (!invariant.validateParams && check.params !== undefined)
        report(`${at}/params`, 'invariant-params', `${at}/params: ${check.invariant} takes no parameters.`);
    }
    const id = checkId(check);
    if (checkIds.has(id))
      report(`${at}/id`, 'unique-check-id', `${at} repeats check id '${id}'; give one of them an id.`);
    checkIds.add(id);
  });
  // A check already reported broken would only be named again here: judge `essential` against sound checks.
  const checksSound = !problems.some((problem) => problem.pointer.startsWith('/checks'));
  list<string>(doc.essential).forEach((id, index) => {
    const at = `/essential/${index}`;
    if (!checksSound || schemaBroken(at) || typeof id !== 'string') return;
    if (!checkIds.has(id))
      report(
        at,
        'known-check',
        `${at} '${id}' is not the id of a check of this scenario (${[...checkIds].join(', ')}). Name a check's id (its invariant id unless it has its own).`,
      );
  });
  if (problems.length > 0) {
    const message =
      problems.length === 1
        ? `Invalid scenario ${source}: ${problems[0]!.message}`
        : `Invalid scenario ${source}: ${problems.length} problems:\n${problems.map((problem) => `  ${problem.message} [${problem.rule}]`).join('\n')}`;
    throw new ScenarioError(message, source, problems[0]!.pointer, problems[0]!.rule, problems);
  }
  return doc as Scenario;
}
