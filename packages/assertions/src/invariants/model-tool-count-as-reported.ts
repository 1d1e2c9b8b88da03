import type { TranscriptFrame } from '@toolshift/fake-server';
import { noModelRequest } from '../client-left-unjudged.js';
import type { Invariant } from '../invariant.js';
import type { Observation, RunRecord } from '../run-record.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

type ModelRequest = Extract<Observation, { kind: 'model-request' }>;

/**
 * Every model request offers the model exactly as many tools as the host says it does: the count
 * its UI or registry shows the user (`reportedToolCount` of the request; an agent-turn host reports
 * it with its turn, a `model-exposure` adapter with its tool set). The offered count is read from
 * the wire where the request reached the fake model provider (its `model` frame's tools), else from
 * the tool set the client reported. A request the host reported no count for is not judged; a run
 * where none was reported is inconclusive.
 */
export const modelToolCountAsReported: Invariant = {
  id: 'model.tool-count-as-reported',
  title: 'Every model request offers the model as many tools as the host tells its user it offers.',
  source:
    "issue 12 ('a host sends 130 tools to a provider that allows 128 while its UI says 125'); cases LG-02 E1",
  // One model request spans every server; the provider's frames are in the first server's transcript.
  acrossServers: 'run',
  authority: {
    level: 'advice',
    basis: 'host guidance: what the user is told matches what the model is sent',
  },
  check(run) {
    const requests = run.observations.filter(
      (o): o is ModelRequest => o.kind === 'model-request' && o.error === undefined,
    );
    // No usable model request: the client's doing when building the one asked for failed; staging when none was asked.
    if (requests.length === 0) return noModelRequest(this.id, run);
    const reported = requests.filter((request) => request.reportedToolCount !== undefined);
    // Staging: a host that shows no tool count has nothing to hold the wire to.
    if (reported.length === 0)
      return inconclusive(
        this.id,
        `The host reported no tool count (what its UI or registry shows) for any of its ${requests.length} model request(s), so the wire has nothing to be held to.`,
      );
    for (const request of reported) {
      const frame = request.exchange !== undefined ? wireRequest(run, request.exchange) : undefined;
      const names = frame?.model?.tools?.map((tool) => tool.name) ?? request.tools.map((tool) => tool.name);
      const expected = request.reportedToolCount!;
      if (names.length === expected) continue;
      const label =
        frame !== undefined
          ? `Model request ${request.exchange} (${frame.model?.api}, on the wire)`
          : 'A model request (as the client reported its tool set)';
      const evidence: FrameRef[] = [
        frame !== undefined
          ? { seq: frame.seq, note: `model request with ${names.length} tools` }
          : { seq: request.afterSeq, note: `model request with ${names.length} tools` },
      ];
      const more = names.length > expected;
      const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
      const shown = names.length > 12 ? `${names.slice(0, 12).join(', ')}, …` : names.join(', ');
      return fail(
        this.id,
        `${label} offered the model ${names.length} tool(s) while the host reported ${expected}: ${Math.abs(names.length - expected)} ${more ? 'more' : 'fewer'} than it tells its user (offered: ${shown || 'none'}${repeated.length > 0 ? `; offered more than once: ${repeated.join(', ')}` : ''}).`,
        evidence,
        more
          ? 'the model is offered tools the user is never shown (a stale, duplicated or unfiltered tool set merged in), and a provider limit is hit at a count the user never sees'
          : 'the user is shown tools the model is never offered, so they believe it can use them; report what was withheld and why',
      );
    }
    const unjudged = requests.length - reported.length;
    return pass(
      this.id,
      `${reported.length} model request(s) each offered exactly the tool count the host reported (${[
        ...new Set(reported.map((request) => request.reportedToolCount)),
      ].join(
        ', ',
      )})${unjudged > 0 ? `; ${unjudged} request(s) without a reported count were not judged` : ''}.`,
    );
  },
};

/** The fake model provider's `in` frame of `exchange`, in any server's transcript of the run. */
function wireRequest(run: RunRecord, exchange: number): TranscriptFrame | undefined {
  const transcripts = [
    run.transcript,
    ...Object.values(run.servers ?? {}).map((server) => server.transcript),
  ];
  for (const transcript of transcripts) {
    const found = transcript.find(
      (frame) => frame.kind === 'model' && frame.direction === 'in' && frame.model?.exchange === exchange,
    );
    if (found) return found;
  }
  return undefined;
}
