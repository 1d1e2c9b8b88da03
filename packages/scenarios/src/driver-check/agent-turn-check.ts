import type { TranscriptFrame } from '@toolshift/fake-server';
import type { ModelExchangeEvent, ModelToolOffer } from '@toolshift/fake-server/model';
import { AGENT_TURN_PROMPT } from '../runner/agent-turn-driver.js';
import { type CheckContext, LOOKUP } from './check-context.js';
import type { DriverCheckResult } from './driver-check-report.js';

/** Whether an offered tool stands for the check server's `lookup_orders` (its name, a prefixed one, or its description). */
const standsForLookup = (offer: ModelToolOffer) =>
  offer.name === LOOKUP.name ||
  offer.name.endsWith(LOOKUP.name) ||
  (LOOKUP.description !== undefined && offer.description === LOOKUP.description);

const isToolCall = (frame: TranscriptFrame) =>
  frame.direction === 'in' &&
  frame.kind === 'message' &&
  (frame.message as { method?: unknown } | undefined)?.method === 'tools/call';

/**
 * `request.agent-turn` (feature `agent-turn`), in a session of its own whose `connect` carries the
 * fake model provider (`connect.model`, and the provider SDKs' variables), as a cell gives it. The
 * scripted model calls the server's tool once, then answers in text. Judged on the wire: a model
 * request reached the provider offering the server's tool, the model's call reached the server as
 * a `tools/call`, a later model request carried its result back, and the driver answered once the
 * model had answered in text.
 */
export async function checkAgentTurn(ctx: CheckContext): Promise<void> {
  const id = 'request.agent-turn';
  await ctx.gated('agent-turn', id, async () => {
    const primary = await ctx.serve('primary', 'legacy', 'http');
    const model = await ctx.serveModel(primary.fake);
    const target = { ...primary.target, model: model.urls };
    const s = ctx.session([target], 'legacy');
    const connect: Array<{ status: DriverCheckResult['status']; detail: string }> = [];
    const connected = await ctx.connectAndSee(s, target, [LOOKUP.name], id, (_id, status, detail) =>
      connect.push({ status, detail }),
    );
    if (!connected) {
      ctx.record(id, 'fail', `could not start the turn: ${connect.map((each) => each.detail).join('; ')}`);
      await s.program.shutdown(ctx.graceMs);
      return;
    }
    let called: string | undefined;
    model.provider.intercept(({ turn }) => {
      const offer = turn.tools.find(standsForLookup);
      if (called !== undefined || !offer) return { reply: 'text', text: 'Done.' };
      called = offer.name;
      return { reply: 'tool-calls', calls: [{ pick: { name: offer.name }, arguments: { query: 'mcp' } }] };
    });
    const mark = primary.fake.transcript.lastSeq;
    const outcome = await s.ask({ type: 'agent-turn', prompt: AGENT_TURN_PROMPT }, ctx.requestMs * 2);
    model.provider.intercept(undefined);
    const exchanges = model.provider.exchanges().filter((exchange) => exchange.api !== 'models');
    const seen = describeTurn(exchanges, called, primary.fake.transcript.frames, mark);
    if (!outcome.ok) ctx.record(id, 'fail', `${outcome.error}; ${seen.summary}${s.tail()}`);
    else if (seen.missing) ctx.record(id, 'fail', `answered ok, but ${seen.missing}`);
    else ctx.record(id, 'pass', `answered ok after the turn ended: ${seen.summary}`);
    await s.program.shutdown(ctx.graceMs);
  });
}

/** What the turn showed on the wire, in order, and the first thing missing from a whole turn. */
function describeTurn(
  exchanges: readonly ModelExchangeEvent[],
  called: string | undefined,
  frames: readonly TranscriptFrame[],
  mark: number,
): { summary: string; missing?: string } {
  if (exchanges.length === 0)
    return {
      summary: 'no model request reached the provider',
      missing:
        'no model request reached the fake model provider (send it to connect.model, or OPENAI_BASE_URL / ANTHROPIC_BASE_URL / GOOGLE_GEMINI_BASE_URL)',
    };
  const offered = exchanges[0]!.in.model?.tools ?? [];
  const names = offered.map((offer) => offer.name).join(', ') || 'no tools';
  if (called === undefined)
    return {
      summary: `the first model request offered [${names}]`,
      missing: `the first model request offered [${names}]: not the server's ${LOOKUP.name}`,
    };
  const reached = frames.find(
    (frame) =>
      frame.seq > mark &&
      isToolCall(frame) &&
      (frame.message as { params?: { name?: unknown } }).params?.name === LOOKUP.name,
  );
  const steps = [
    `${exchanges.length} model request(s), the first offering [${names}]`,
    `the model called ${called}`,
  ];
  if (!reached)
    return {
      summary: steps.join('; '),
      missing: `${steps.join('; ')}; the server never received tools/call ${LOOKUP.name}`,
    };
  steps.push(`the server received tools/call ${LOOKUP.name} (#${reached.seq})`);
  const resultBack = exchanges.slice(1).find((exchange) => (exchange.in.model?.toolResults ?? []).length > 0);
  if (!resultBack)
    return {
      summary: steps.join('; '),
      missing: `${steps.join('; ')}; no later model request carried the tool result back to the model`,
    };
  steps.push(`model request ${resultBack.exchange} carried the result back`);
  const last = exchanges.at(-1)!;
  if (last.out?.model?.reply?.toolCalls?.length || last.out?.model?.reply === undefined)
    return {
      summary: steps.join('; '),
      missing: `${steps.join('; ')}; the model never answered the turn in text before the driver answered`,
    };
  steps.push('the model answered in text');
  return { summary: steps.join('; ') };
}
