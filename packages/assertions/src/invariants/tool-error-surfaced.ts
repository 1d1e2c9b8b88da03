import type { Invariant } from '../invariant.js';
import { paramProblem } from '../param-shape.js';
import { fail, inconclusive, pass } from '../verdict.js';

const SHAPE = { fields: { tool: 'string', text: 'string' }, required: ['tool', 'text'] } as const;

/**
 * A tool's own error reaches the host: the last call to `tool` came back carrying `text` from the
 * tool's `isError` result (as a result, or as the error the client reports), not replaced by a
 * failure of the client's own making, such as validating an error result's `structuredContent`
 * against the tool's `outputSchema`. Inconclusive when the run never called the tool.
 */
export const toolErrorSurfaced: Invariant = {
  id: 'calls.tool-error-surfaced',
  title:
    'A tool’s own error result (isError) reaches the host with its text, not hidden behind a client-side failure.',
  source:
    'spec 2026-07-28 §3 (errors inside the result, so the model can see them and self-correct); issue 10',
  authority: {
    level: 'advice',
    basis:
      'Clients SHOULD pass execution errors to the model (digest §3) binds the host that talks to a model; an MCP library is judged on handing the result over',
  },
  params: SHAPE,
  validateParams: (params) => paramProblem(params, SHAPE),
  check(run, params = {}) {
    const { tool, text } = params as { tool: string; text: string };
    const calls = run.observations.filter(
      (o) => o.kind === 'call' && o.serverId === run.serverId && o.toolName === tool,
    );
    const last = calls.at(-1);
    // Staging: the scenario never called the tool.
    if (last?.kind !== 'call') return inconclusive(this.id, `The run never called '${tool}'.`);
    const seen = last.outcome.ok ? JSON.stringify(last.outcome.result) : last.outcome.error;
    const evidence = [{ seq: last.afterSeq, note: `last call to ${tool}` }];
    if (seen.includes(text))
      return pass(this.id, `The tool's own error ("${text}") reached the host.`, evidence);
    return fail(
      this.id,
      `The last call to '${tool}' did not surface the tool's error "${text}"; the host got: ${seen.slice(0, 160)}`,
      evidence,
      last.outcome.ok ? 'a result without the error text' : 'an error of the client’s own making',
    );
  },
};
