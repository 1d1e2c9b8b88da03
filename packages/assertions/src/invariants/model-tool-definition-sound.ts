import { SEED_000 } from '../authority/authority.js';
import { noModelRequest } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { namesForServer } from '../server-tool-names.js';
import { fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;
type Rule = 'array-items' | 'required-defined' | 'refs-resolve';
const RULES: readonly Rule[] = ['array-items', 'required-defined', 'refs-resolve'];
const SHAPE = { fields: { tool: 'string', rule: 'string' }, required: ['tool', 'rule'] } as const;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every schema node under `root`, with its JSON pointer. */
function* nodes(value: unknown, pointer = ''): Generator<[Node, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* nodes(item, `${pointer}/${i}`);
    return;
  }
  if (!isNode(value)) return;
  yield [value, pointer];
  for (const [key, child] of Object.entries(value)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    yield* nodes(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

function resolves(root: unknown, ref: string): boolean {
  if (!ref.startsWith('#')) return false;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isNode(node) && !Array.isArray(node)) return false;
    node = (node as Record<string, unknown>)[key];
    if (node === undefined) return false;
  }
  return true;
}

/** Where `schema` breaks `rule`, or `undefined`. */
function violation(schema: unknown, rule: Rule): string | undefined {
  for (const [node, pointer] of nodes(schema)) {
    if (
      rule === 'array-items' &&
      node.type === 'array' &&
      node.items === undefined &&
      node.prefixItems === undefined
    )
      return `${pointer || '/'} is an array without items`;
    if (rule === 'required-defined' && node.required !== undefined) {
      if (!Array.isArray(node.required)) return `${pointer}/required is not a list`;
      const props = isNode(node.properties) ? node.properties : {};
      const undefinedName = node.required.find((name) => typeof name !== 'string' || !(name in props));
      if (undefinedName !== undefined)
        return `${pointer}/required names '${String(undefinedName)}', which properties does not define`;
    }
    if (rule === 'refs-resolve' && typeof node.$ref === 'string' && !resolves(schema, node.$ref))
      return `${pointer}/$ref ${node.$ref} does not resolve inside the definition`;
  }
  return undefined;
}

/**
 * A tool with a schema defect the provider would reject (`rule`: an array without `items`, a
 * `required` name with no property, a `$ref` that does not resolve in what is sent) is either
 * repaired in the model request — its parameters no longer break the rule — or kept out of it and
 * reported (withheld with a reason, or a warning naming it). In a run with several servers, inconclusive on one that never
 * offered `tool` (a check no `server:` narrows runs on every server). Params: `tool` (MCP name), `rule`.
 */
export const modelToolDefinitionSound: Invariant = {
  id: 'model.tool-definition-sound',
  title:
    'A tool whose schema a provider would reject is repaired before the model sees it, or excluded with a message naming it.',
  source:
    'seed 000 (provider adaptation; fail clearly rather than weaken silently); cases SC-01 E1-E2, SC-03 E2, SC-04 E1',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: adapt schemas per provider, failing clearly when adaptation would change meaning`,
  },
  params: SHAPE,
  validateParams(params) {
    return (
      paramProblem(params, SHAPE) ??
      (RULES.includes(params?.rule as Rule)
        ? undefined
        : `parameter 'rule' must be one of ${RULES.join(', ')}`)
    );
  },
  check(run, params = {}) {
    const tool = params.tool as string;
    const rule = params.rule as Rule;
    const request = run.observations
      .filter((o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined)
      .at(-1);
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (!request) return noModelRequest(this.id, run);
    // Staging: the tool is not this server's (a multi-server run).
    if (!namesForServer(run)(tool))
      return inconclusive(this.id, `${run.serverId}: this server never offered '${tool}'.`);
    const evidence = [{ seq: request.afterSeq, note: 'latest model request' }];
    const offered = request.tools.find((t) => t.serverId === run.serverId && t.toolName === tool);
    if (offered) {
      const problem = violation(offered.parameters, rule);
      if (problem)
        return fail(
          this.id,
          `'${tool}' is offered to the model unrepaired: ${problem}.`,
          evidence,
          'the provider rejects the whole request over one tool',
        );
      return pass(
        this.id,
        `'${tool}' is offered with a schema that keeps the ${rule} rule (repaired or resolved).`,
        evidence,
      );
    }
    const withheld = request.withheld.find((t) => t.serverId === run.serverId && t.toolName === tool);
    const warned = run.observations.some(
      (o) => o.kind === 'warning' && o.serverId === run.serverId && o.toolName === tool,
    );
    if (withheld || warned)
      return pass(
        this.id,
        `'${tool}' is kept out of the model request and reported${withheld ? ` (${withheld.reason})` : ''}.`,
        evidence,
      );
    return fail(
      this.id,
      `'${tool}' is missing from the model request and nothing says why.`,
      evidence,
      'silently dropped',
    );
  },
};
