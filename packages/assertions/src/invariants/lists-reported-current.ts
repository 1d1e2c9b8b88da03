import { SEED_002 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import type { Observation } from '../run-record.js';
import { stepFrames } from '../tool-listings.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { list: 'string' }, required: ['list'] } as const;
type Reported = Extract<Observation, { kind: 'resources' } | { kind: 'prompts' }>;

/**
 * When the run ends, the resources (with their templates) or prompts the host shows for this
 * server — its last report of that list (`resources` / `prompts` observations) — are the server's
 * current ones, by key (URI, URI template, prompt name): a change made while it ran (announced or
 * listed again) reached what the user sees, not only the wire. Param `list`: `resources` or
 * `prompts`. Inconclusive (staging) when the server does not serve the list, and when the client
 * reported none of it (a host that shows the harness no such list).
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §4.2 (list_changed of every list)
 */
export const listsReportedCurrent: Invariant = {
  id: 'lists.reported-current',
  title: 'When the run ends, the resources or prompts the host shows are the server’s current ones.',
  source: 'spec 2025-11-25 §4.1, 2026-07-28 §4.2 (list_changed of every list); issue 26',
  authority: {
    level: 'advice',
    basis: `${SEED_002}: resources and prompts, like tools, are current after a change (host feature)`,
  },
  params: SHAPE,
  validateParams(params) {
    const problem = paramProblem(params, SHAPE);
    if (problem) return problem;
    return params?.list === 'resources' || params?.list === 'prompts'
      ? undefined
      : "parameter 'list' must be resources or prompts";
  },
  check(run, params = {}) {
    const list = params.list as 'resources' | 'prompts';
    const truth =
      list === 'prompts'
        ? run.finalLists?.prompts
        : run.finalLists?.resources !== undefined || run.finalLists?.resourceTemplates !== undefined
          ? [...(run.finalLists.resources ?? []), ...(run.finalLists.resourceTemplates ?? [])]
          : undefined;
    // Staging: the server does not serve the list (or the record keeps no final lists).
    if (truth === undefined)
      return inconclusive(this.id, `${run.serverId}: the server serves no ${list}: nothing to show.`);
    const last = run.observations
      .filter((o): o is Reported => o.kind === list && o.serverId === run.serverId)
      .at(-1);
    // Staging: a host that shows the harness no such list cannot be judged on it.
    if (!last)
      return inconclusive(
        this.id,
        `${run.serverId}: the client reported no ${list} it shows: nothing to compare.`,
      );
    const shown =
      last.kind === 'prompts'
        ? last.prompts.map((prompt) => prompt.name)
        : [
            ...last.resources.map((resource) => resource.uri),
            ...last.resourceTemplates.map((template) => template.uriTemplate),
          ];
    const missing = truth.filter((key) => !shown.includes(key));
    const extra = shown.filter((key) => !truth.includes(key));
    if (missing.length === 0 && extra.length === 0)
      return pass(
        this.id,
        `${run.serverId}: the host shows exactly the server's ${truth.length} current ${list}.`,
        [{ seq: last.afterSeq, note: `last ${list} shown` }],
      );
    const parts = [
      missing.length ? `missing ${missing.map((key) => `'${key}'`).join(', ')}` : '',
      extra.length ? `still showing ${extra.map((key) => `'${key}'`).join(', ')}` : '',
    ].filter(Boolean);
    return fail(
      this.id,
      `${run.serverId}: the ${list} the host shows differ from the server's current ones: ${parts.join('; ')}.`,
      [
        ...stepFrames(run.transcript).map((frame) => ({
          seq: frame.seq,
          note: frame.note ?? `step ${frame.step}`,
        })),
        { seq: last.afterSeq, note: `last ${list} shown: [${shown.join(', ')}]` },
      ].sort((a, b) => a.seq - b.seq),
      'the change reached the wire, or could have, but not what the user sees',
    );
  },
};
