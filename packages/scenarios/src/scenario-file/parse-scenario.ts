import { INVARIANTS } from '@toolshift/assertions';
import { isToolshiftError, parseScript, type ScriptDocument } from '@toolshift/fake-server';
import { Ajv, type ErrorObject } from 'ajv';
import { ScenarioError } from '../errors/scenario-error.js';
import { ACTION_NAMES, checkId, type Scenario, ScenarioSchema } from '../scenario.js';

const ajv = new Ajv({ allErrors: false, strict: false, discriminator: true });
const validate = ajv.compile<Scenario>(ScenarioSchema);

function describe(error: ErrorObject): { message: string; rule: string; pointer: string } {
  const pointer = error.instancePath || '/';
  const rule = error.keyword;
  switch (error.keyword) {
    case 'discriminator': {
      const tag = (error.params as { tagValue?: unknown }).tagValue;
      return {
        pointer: `${error.instancePath}/do`,
        rule,
        message:
          tag === undefined
            ? `${error.instancePath}/do is missing; an action needs one of ${ACTION_NAMES.join(', ')}.`
            : `${error.instancePath}/do '${String(tag)}' is not an action; use one of ${ACTION_NAMES.join(', ')}.`,
      };
    }
    case 'additionalProperties': {
      const extra = (error.params as { additionalProperty: string }).additionalProperty;
      return {
        pointer: `${error.instancePath}/${extra}`,
        rule,
        message: `${error.instancePath}/${extra} is not allowed here.`,
      };
    }
    case 'required': {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      return {
        pointer: `${error.instancePath}/${missing}`,
        rule,
        message: `${error.instancePath}/${missing} is required.`,
      };
    }
    default:
      return { pointer, rule, message: `${pointer} ${error.message ?? 'is invalid'}.` };
  }
}

/**
 * Validates a scenario document (from a file, or catalog data) and returns it with every script
 * parsed. Besides the schema it checks: server ids unique, exactly one of `script`/`sameServerAs`
 * (naming an earlier server with a script), every script valid (a scenario's eras are the eras the
 * client prefers; a script may serve fewer), every action's server and step defined, every check's invariant known with usable
 * parameters, and check ids unique.
 * @throws {ScenarioError} SCENARIO_INVALID naming `source`, the JSON pointer and the rule that failed.
 */
export function parseScenario(value: unknown, source = '<scenario>'): Scenario {
  const fail: (pointer: string, rule: string, message: string) => never = (pointer, rule, message) => {
    throw new ScenarioError(`Invalid scenario ${source}: ${message}`, source, pointer, rule);
  };
  if (!validate(value)) {
    const first = describe(validate.errors![0]!);
    fail(first.pointer, first.rule, first.message);
  }
  const scenario = structuredClone(value as Scenario);
  const scripts = new Map<string, ScriptDocument>();
  for (const [index, server] of scenario.servers.entries()) {
    const at = `/servers/${index}`;
    if (scripts.has(server.id) || scenario.servers.findIndex((other) => other.id === server.id) !== index)
      fail(`${at}/id`, 'unique-server-id', `${at}/id '${server.id}' is used by two servers.`);
    if ((server.script === undefined) === (server.sameServerAs === undefined))
      fail(at, 'script-or-same-server', `${at} needs exactly one of script and sameServerAs.`);
    if (server.sameServerAs !== undefined) {
      const owner = scripts.get(server.sameServerAs);
      if (!owner)
        fail(
          `${at}/sameServerAs`,
          'known-server',
          `${at}/sameServerAs '${server.sameServerAs}' must name an earlier server that has a script.`,
        );
      scripts.set(server.id, owner!);
      continue;
    }
    let script: ScriptDocument;
    try {
      script = parseScript(server.script, `${source}#${at}/script`);
    } catch (error) {
      if (!isToolshiftError(error)) throw error;
      const data = error.data as { pointer?: string; rule?: string };
      const pointer = `${at}/script${data.pointer && data.pointer !== '/' ? data.pointer : ''}`;
      fail(pointer, data.rule ?? 'script', `${at}/script is not a valid script: ${error.message}`);
    }
    server.script = script;
    scripts.set(server.id, script);
  }
  const serverIds = new Set(scenario.servers.map((server) => server.id));
  const knownServer = (ref: string | undefined, pointer: string) => {
    if (ref !== undefined && !serverIds.has(ref))
      fail(
        pointer,
        'known-server',
        `${pointer} '${ref}' is not a server of this scenario (${[...serverIds].join(', ')}).`,
      );
  };
  scenario.clientActions.forEach((action, index) => {
    const at = `/clientActions/${index}`;
    if ('server' in action) knownServer(action.server, `${at}/server`);
    if (action.do === 'step') {
      const script = scripts.get(action.server ?? scenario.servers[0]!.id)!;
      const steps = (script.steps ?? []).map((step) => step.id);
      if (!steps.includes(action.step))
        fail(
          `${at}/step`,
          'known-step',
          `${at}/step '${action.step}' is not a step of that server's script (${steps.join(', ') || 'none'}).`,
        );
    }
  });
  const checkIds = new Set<string>();
  scenario.checks.forEach((check, index) => {
    const at = `/checks/${index}`;
    const invariant = INVARIANTS[check.invariant];
    if (!invariant)
      fail(
        `${at}/invariant`,
        'known-invariant',
        `${at}/invariant '${check.invariant}' is not a known invariant.`,
      );
    knownServer(check.server, `${at}/server`);
    const problem = invariant!.validateParams?.(check.params);
    if (problem) fail(`${at}/params`, 'invariant-params', `${at}/params: ${problem}`);
    else if (!invariant!.validateParams && check.params !== undefined)
      fail(`${at}/params`, 'invariant-params', `${at}/params: ${check.invariant} takes no parameters.`);
    const id = checkId(check);
    if (checkIds.has(id))
      fail(`${at}/id`, 'unique-check-id', `${at} repeats check id '${id}'; give one of them an id.`);
    checkIds.add(id);
  });
  return scenario;
}
