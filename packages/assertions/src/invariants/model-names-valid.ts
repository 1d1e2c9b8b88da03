import { noModelRequest } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { fail, pass } from '../verdict.js';

const SHAPE = { fields: { pattern: 'string', maxLength: 'integer' } } as const;
const DEFAULT_PATTERN = '^[a-zA-Z0-9_-]{1,64}$';

/**
 * Every model-facing tool name the client puts in a model request fits the provider's name rule
 * (default `^[a-zA-Z0-9_-]{1,64}$`, what the OpenAI and Anthropic APIs accept) and no two tools in
 * one request share a name, nor does one tool identity appear under two names. Params: `pattern`
 * (a regular expression), `maxLength`.
 * @see ../shared/spec/mcp-discovery-spec.md §2.3 (aggregators should disambiguate collisions)
 */
export const modelNamesValid: Invariant = {
  id: 'model.names-valid',
  title:
    'Model-facing tool names fit the provider rule (≤ 64 characters, [a-zA-Z0-9_-]) and are unique per request.',
  source: 'spec 2026-07-28 §2.3; cases NM-01 E1, NM-01 E3, NM-02 E1, NM-04 E1',
  authority: {
    level: 'advice',
    basis:
      "the model providers' name rule (≤ 64 characters, [a-zA-Z0-9_-]); MCP names are SHOULD-constrained to 128 characters",
  },
  params: SHAPE,
  // Model requests span every server: one pass judges them all.
  acrossServers: 'run',
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const rule = new RegExp((params.pattern as string | undefined) ?? DEFAULT_PATTERN);
    const maxLength = (params.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
    const requests = run.observations.filter((o) => o.kind === 'model-request' && o.error === undefined);
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (requests.length === 0) return noModelRequest(this.id, run);
    let names = 0;
    for (const request of requests) {
      if (request.kind !== 'model-request') continue;
      const seen = new Map<string, string>();
      const identities = new Map<string, string>();
      for (const tool of request.tools) {
        names += 1;
        const identity = `${tool.serverId}/${tool.toolName}`;
        if (!rule.test(tool.name) || tool.name.length > maxLength) {
          return fail(
            this.id,
            `The model-facing name ${JSON.stringify(tool.name)} (${tool.name.length} characters) for ${identity} breaks ${rule.source}.`,
            [{ seq: request.afterSeq, note: 'model request' }],
            tool.name.length > 64 || tool.name.length > maxLength
              ? 'the composed name was sent unshortened; the provider would reject the whole request'
              : 'the name holds characters the provider rejects; it would refuse the whole request',
          );
        }
        const other = seen.get(tool.name);
        if (other !== undefined) {
          return fail(
            this.id,
            `Two tools share the model-facing name ${JSON.stringify(tool.name)}: ${other} and ${identity}.`,
            [{ seq: request.afterSeq, note: 'model request' }],
            'one of them silently shadows the other',
          );
        }
        seen.set(tool.name, identity);
        const alias = identities.get(identity);
        if (alias !== undefined) {
          return fail(
            this.id,
            `${identity} is offered twice in one model request, as ${JSON.stringify(alias)} and ${JSON.stringify(tool.name)}.`,
            [{ seq: request.afterSeq, note: 'model request' }],
            'the model sees one tool twice (a registry appended to itself, or two aliases kept)',
          );
        }
        identities.set(identity, tool.name);
      }
    }
    return pass(
      this.id,
      `${names} model-facing name(s) in ${requests.length} request(s) fit the rule and are unique.`,
    );
  },
};
