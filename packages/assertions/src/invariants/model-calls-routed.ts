import type { TranscriptFrame } from '@toolshift/fake-server';
import { SEED_000 } from '../authority/authority.js';
import type { Invariant } from '../invariant.js';
import {
  connectionFrames,
  type ModelTool,
  type Observation,
  type RunRecord,
  recordOf,
  serverIds,
} from '../run-record.js';
import { listExchanges } from '../tool-listings.js';
import { type FrameRef, fail, inconclusive, pass } from '../verdict.js';

type Message = { method?: string; params?: { name?: unknown } };
type ModelRequest = Extract<Observation, { kind: 'model-request' }>;
type ModelCall = Extract<Observation, { kind: 'model-call' }>;

/** A `tools/call` one server received while a model call ran. */
interface Ran {
  serverId: string;
  name: string;
  seq: number;
}

/** The (server, tool) the model meant, and how the check knows. */
interface Intended {
  serverId: string;
  toolName: string;
  /** How the identity was resolved, for messages. */
  basis: string;
}

/** Every description each server served per tool name, from its own `tools/list` answers. */
function servedDescriptions(views: ReadonlyArray<{ serverId: string; record: RunRecord }>) {
  const out: Array<{ serverId: string; toolName: string; description: string }> = [];
  for (const { serverId, record } of views) {
    const seen = new Set<string>();
    for (const exchange of listExchanges(connectionFrames(record, serverId))) {
      for (const tool of exchange.tools ?? []) {
        if (typeof tool.description !== 'string' || tool.description.length === 0) continue;
        const key = `${tool.name}\u0000${tool.description}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ serverId, toolName: tool.name, description: tool.description });
      }
    }
  }
  return out;
}

/**
 * Whether `record`'s server still offered `toolName` when a call began (after `seq`): read from the
 * catalog in force then — the final catalog when nothing changed since, else a listing the server
 * answered at that catalog revision. `undefined` when nothing in the record tells.
 */
function offeredAt(record: RunRecord, toolName: string, seq: number): boolean | undefined {
  const revision = record.transcript.filter((frame) => frame.seq <= seq).at(-1)?.catalogRevision;
  if (revision === undefined) return undefined;
  if (revision === record.finalCatalog.catalogRevision)
    return record.finalCatalog.tools.some((tool) => tool.name === toolName);
  const listing = listExchanges(record.transcript).find(
    (exchange) => exchange.tools !== undefined && exchange.response?.catalogRevision === revision,
  );
  return listing ? listing.tools!.some((tool) => tool.name === toolName) : undefined;
}

/**
 * The identity behind a model call: for a tool the model chose by its description, the one
 * (server, tool) whose served description that is (the servers' own listings, not the name the
 * model saw), falling back to the identity the client's request claimed when descriptions do not
 * single one out; for a literal name, the one request entry of that name. `undefined` for a name
 * the request did not offer; `'ambiguous'` when the request offered the name for several tools.
 */
function intendedTarget(
  call: ModelCall,
  shown: ModelRequest | undefined,
  described: ReturnType<typeof servedDescriptions>,
): Intended | 'ambiguous' | undefined {
  const claim = (tool: ModelTool, basis: string): Intended => ({
    serverId: tool.serverId,
    toolName: tool.toolName,
    basis,
  });
  if (call.chosen) {
    const text = call.chosen.description ?? '';
    const candidates = described.filter((entry) => text.includes(entry.description));
    const unique = [
      ...new Map(candidates.map((entry) => [`${entry.serverId}\u0000${entry.toolName}`, entry])).values(),
    ];
    if (unique.length === 1)
      return {
        serverId: unique[0]!.serverId,
        toolName: unique[0]!.toolName,
        basis: `chosen by ${unique[0]!.serverId}'s description "${unique[0]!.description.slice(0, 60)}"`,
      };
    return claim(call.chosen, 'chosen from the request (the descriptions do not single out a server)');
  }
  const entries = shown?.tools.filter((tool) => tool.name === call.name) ?? [];
  if (entries.length === 0) return undefined;
  if (entries.length > 1) return 'ambiguous';
  return claim(entries[0]!, 'named in the request');
}

/**
 * A model's call runs exactly the (server, tool) the model picked, judged from the servers' side:
 * the intended identity comes from what the model chose (the served description of the request
 * entry it picked, see `chosen` on the observation, or the entry of the name it called), and what
 * ran comes from every server's transcript (which server received which `tools/call` while the
 * call ran), never from the name alone. For this record's server: a call aimed at it must arrive
 * there with the tool's original MCP name and nowhere else; a call aimed elsewhere (or at a name
 * the request never offered) must not arrive there. A call aimed at a tool this server no longer
 * offered when the call began (removed, or gone with a restart, since the model was shown it) is
 * routed right when nothing runs for it (the client refused it) or only that tool's own name
 * reaches this server; any other tool running for it is a redirect (issue 26: a correct client
 * refusing a removed tool was failed for not running it). Inconclusive when no call was aimed at this
 * server and none ran on it. Needs `startedAfterSeq` on model calls; with `servers` on the record
 * it sees calls that went to other servers too.
 */
export const modelCallsRouted: Invariant = {
  id: 'model.calls-routed',
  title:
    'Each model call runs exactly the (server, tool) the model picked (as the servers saw it); nothing else runs.',
  source: 'seed 000 (aliases keep a reverse map; no silent redirect); cases NM-01 E2, NM-04 E2, RM-03 E1',
  authority: {
    level: 'advice',
    basis: `${SEED_000}: model-facing aliases keep a reverse map; a call runs the tool the model picked`,
  },
  check(run) {
    const calls = run.observations.flatMap((o, index) => (o.kind === 'model-call' ? [{ o, index }] : []));
    // Staging: the model made no call (runner.model-found-tool / model-request-built say why).
    if (calls.length === 0) return inconclusive(this.id, 'The model made no calls.');
    const views = serverIds(run).flatMap((serverId) => {
      const record = recordOf(run, serverId);
      return record ? [{ serverId, record, frames: connectionFrames(record, serverId) }] : [];
    });
    const described = servedDescriptions(views);
    const requests = run.observations.filter((o): o is ModelRequest => o.kind === 'model-request');
    const me = run.serverId;
    const evidence: FrameRef[] = [];
    let judged = 0;
    let refused = 0;
    for (const { o: call, index } of calls) {
      if (call.kind !== 'model-call') continue;
      const shown = requests
        .filter((request) => request.afterSeq <= (call.startedAfterSeq ?? call.afterSeq))
        .at(-1);
      const ran: Ran[] = views.flatMap(({ serverId, record, frames }) => {
        const stamped = record.observations[index] as ModelCall | undefined;
        const from = stamped?.startedAfterSeq ?? 0;
        const to = stamped?.afterSeq ?? Number.POSITIVE_INFINITY;
        return frames
          .filter(
            (frame: TranscriptFrame) =>
              frame.direction === 'in' &&
              frame.seq > from &&
              frame.seq <= to &&
              (frame.message as Message | undefined)?.method === 'tools/call',
          )
          .map((frame) => ({
            serverId,
            name: String((frame.message as Message).params?.name),
            seq: frame.seq,
          }));
      });
      const intended = intendedTarget(call, shown, described);
      const onMe = ran.filter((entry) => entry.serverId === me);
      const aimedAtMe = typeof intended === 'object' && intended.serverId === me;
      if (!aimedAtMe && onMe.length === 0) {
        // A name the request never offered must reach no server: this one's silence is evidence.
        if (intended === undefined) refused += 1;
        continue;
      }
      judged += 1;
      const where = (entry: Ran) => `tools/call '${entry.name}' on ${entry.serverId} (#${entry.seq})`;
      // Staging here: which tool an ambiguous name meant is unknowable; model.names-valid fails the names.
      if (intended === 'ambiguous')
        return inconclusive(
          this.id,
          `The model called ${JSON.stringify(call.name)}, a name its request offered for several tools; which one it meant is unknowable (see model.names-valid).`,
          onMe.map((entry) => ({ seq: entry.seq, note: where(entry) })),
        );
      const label = intended
        ? `${JSON.stringify(call.name)} (${intended.serverId}/${intended.toolName}, ${intended.basis})`
        : `${JSON.stringify(call.name)}, a name its request did not offer`;
      if (aimedAtMe) {
        const began = call.startedAfterSeq ?? call.afterSeq;
        const gone =
          offeredAt(views.find((view) => view.serverId === me)!.record, intended.toolName, began) === false;
        if (gone && ran.every((entry) => entry.serverId === me && entry.name === intended.toolName)) {
          const forwarded = onMe[0];
          evidence.push(
            forwarded
              ? {
                  seq: forwarded.seq,
                  note: `forwarded ${intended.toolName}, which ${me} no longer offers, as named`,
                }
              : {
                  seq: call.afterSeq,
                  note: `refused ${call.name}: ${me} no longer offers ${intended.toolName}`,
                },
          );
          continue;
        }
        const hit = onMe.find((entry) => entry.name === intended.toolName);
        const stray = onMe.find((entry) => entry.name !== intended.toolName);
        const elsewhere = ran.find((entry) => entry.serverId !== me);
        if (!hit || stray || elsewhere) {
          const got = stray
            ? `${me} received ${where(stray)}`
            : hit
              ? `${where(elsewhere!)} ran it too`
              : `${me} received no tools/call for it${elsewhere ? `; ${where(elsewhere)} ran instead` : ''}`;
          return fail(
            this.id,
            `The model called ${label}, but ${got}.`,
            [
              ...(stray ? [{ seq: stray.seq, note: where(stray) }] : []),
              ...(elsewhere
                ? [{ seq: elsewhere.seq, note: `${where(elsewhere)} (that server's transcript)` }]
                : []),
              ...(!stray && !elsewhere ? [{ seq: call.afterSeq, note: 'model call ended' }] : []),
            ],
            elsewhere
              ? 'the call ran on another server: a same-named tool shadowed the picked one'
              : stray
                ? 'the call was routed to another tool'
                : call.outcome.kind === 'result' && call.outcome.isError
                  ? `the client answered the model with an error instead: ${call.outcome.text.slice(0, 120)}`
                  : 'the call never reached the server',
          );
        }
        evidence.push({ seq: hit.seq, note: `ran ${intended.toolName} for ${call.name}` });
        continue;
      }
      const landed = onMe[0]!;
      return fail(
        this.id,
        `The model called ${label}, and ${me} received ${where(landed)}.`,
        [{ seq: landed.seq, note: where(landed) }],
        intended
          ? 'the call was routed to the wrong server (a same-named tool shadowed the picked one)'
          : 'an unknown name was forwarded to the server instead of being refused locally',
      );
    }
    // Staging: no call concerned this server (another server's record judges them).
    if (judged === 0 && refused === 0)
      return inconclusive(
        this.id,
        `${me}: none of the ${calls.length} model call(s) was aimed at ${me}, and none ran on it.`,
      );
    const parts = [
      judged ? `ran exactly the ${judged} model call(s) aimed at it, each on the tool the model picked` : '',
      refused ? `received none of the ${refused} call(s) to names the request did not offer` : '',
    ].filter(Boolean);
    return pass(this.id, `${me}: ${parts.join('; ')}.`, evidence);
  },
};
