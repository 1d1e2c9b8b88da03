import type { ModelCallOutcome, ModelTool } from '@toolshift/assertions';
import type { TranscriptFrame } from '@toolshift/fake-server';
import type {
  ModelDirective,
  ModelExchangeEvent,
  ModelProvider,
  ModelToolOffer,
  ModelToolResult,
} from '@toolshift/fake-server/model';
import type { AgentTurnReport, ClientAdapter, ModelRequest } from '../adapters/client-adapter.js';
import { bounded } from './bounded.js';
import type { CellServers } from './cell-servers.js';

/** The prompt the runner sends as the user for a turn (what it says does not matter: the model is scripted). */
export const AGENT_TURN_PROMPT = 'Use your tools to answer.';

/**
 * What one model request of a black-box turn showed: the tools offered, attributed. A request the
 * provider refused was still built and sent: its rule violations are in its `out` frame, where
 * `model.provider-accepted` reads them.
 */
export interface WireModelRequest extends ModelRequest {
  /** Its `in` frame in the first server's transcript. */
  seq: number;
}

/** The model's call made during a black-box turn, and what the host sent back. */
export interface WireModelCall {
  name: string;
  outcome: ModelCallOutcome;
  routedTo?: { serverId: string; toolName: string };
}

/** How a `model-call` picks its tool (the scenario action's `pick`). */
export type WirePick = { name: string } | { description: string; from?: 'new-request' | 'last-request' };

/**
 * Carries out `model-request` and `model-call` actions for a host that only runs agent turns (the
 * `agent-turn` feature): the runner scripts the cell's fake model, asks the host to run one turn,
 * and reads what the host sent the model from the wire. The host's first model request of the turn
 * *is* the model-request observation (its tools, attributed to the (server, tool) each stands for by
 * the servers' catalogs); for a model call, the model answers that request with the call, and the
 * tool result the host sends back in its next request is what the model got.
 */
export class AgentTurnDriver {
  /** The tools of the last model request the host sent (for `from: last-request` picks). */
  private lastOffered: ModelToolOffer[] = [];
  /** Why the host's last turn failed (it threw or hung), if it did. */
  failure: string | undefined;
  /** What the host reported about the current turn. */
  private report: AgentTurnReport | undefined;
  /** Every server's last transcript `seq` when the current turn started. */
  private startedAt: Record<string, number> = {};

  constructor(
    private readonly provider: ModelProvider,
    private readonly servers: CellServers,
    private readonly adapter: ClientAdapter,
    private readonly actionTimeoutMs: number,
  ) {}

  /** One turn the model answers in text: the requests the host sent. */
  async modelRequest(providerHint: string | undefined): Promise<WireModelRequest[]> {
    const exchanges = await this.turn(providerHint, () => ({ reply: 'text', text: 'Done.' }));
    return exchanges.map((exchange) => this.requestOf(exchange));
  }

  /**
   * One turn in which the model calls the picked tool with `args`, then answers in text.
   * `notFound` is the description no offered tool has (the model then answers in text).
   */
  async modelCall(
    pick: WirePick,
    args: Record<string, unknown>,
    providerHint: string | undefined,
  ): Promise<{ requests: WireModelRequest[]; call?: WireModelCall; notFound?: string }> {
    const stale = 'description' in pick && pick.from === 'last-request' ? this.lastOffered : undefined;
    let called: { name: string; exchange: number } | undefined;
    let notFound: string | undefined;
    const exchanges = await this.turn(providerHint, (offered, exchange) => {
      if (called) return { reply: 'text', text: 'Done.' };
      let name: string | undefined;
      if ('name' in pick) name = pick.name;
      else name = (stale ?? offered).find((tool) => tool.description?.includes(pick.description))?.name;
      if (name === undefined) {
        notFound = 'description' in pick ? pick.description : undefined;
        return { reply: 'text', text: `No tool is described as "${notFound}".` };
      }
      called = { name, exchange };
      return { reply: 'tool-calls', calls: [{ pick: { name }, arguments: args }] };
    });
    const requests = exchanges.map((exchange) => this.requestOf(exchange));
    if (!called) return { requests, ...(notFound !== undefined ? { notFound } : {}) };
    const answered = exchanges.find((exchange) => exchange.exchange === called!.exchange);
    const callId = answered?.out?.model?.reply?.toolCalls?.[0]?.callId;
    const later = exchanges.filter((exchange) => exchange.exchange > called!.exchange);
    const result = later
      .flatMap((exchange) => exchange.in.model?.toolResults ?? [])
      .find((each) => each.callId === callId || (callId === undefined && each.name === called!.name));
    const routedTo = this.routedTo();
    const outcome: ModelCallOutcome = result
      ? { kind: 'result', isError: this.isError(result, routedTo), text: result.text }
      : {
          kind: 'crashed',
          error:
            this.failure !== undefined
              ? `the host's turn failed before the result reached the model: ${this.failure}`
              : later.length === 0
                ? 'the host ended the turn without sending the tool result back to the model'
                : `the host's next model request carried no result for call ${callId ?? called.name}`,
        };
    return { requests, call: { name: called.name, outcome, ...(routedTo ? { routedTo } : {}) } };
  }

  /** Runs one agent turn with `answer` deciding each model answer; the exchanges it made, in order. */
  private async turn(
    providerHint: string | undefined,
    answer: (offered: ModelToolOffer[], exchange: number) => ModelDirective,
  ): Promise<ModelExchangeEvent[]> {
    this.report = undefined;
    this.failure = undefined;
    const before = this.provider.exchanges().length;
    this.startedAt = Object.fromEntries(
      this.servers.list.map((server) => [server.id, server.fake.transcript.lastSeq]),
    );
    this.provider.intercept(({ turn, exchange }) => answer(turn.tools, exchange));
    try {
      const report = await bounded(
        this.adapter.agentTurn!({
          prompt: AGENT_TURN_PROMPT,
          ...(providerHint !== undefined ? { provider: providerHint } : {}),
        }),
        this.actionTimeoutMs,
        'agent turn',
      );
      if (report) this.report = report;
    } catch (error) {
      // The host's turn failed (e.g. its SDK threw on the provider's 400): what it sent still counts.
      this.failure = (error as Error).message;
    } finally {
      this.provider.intercept(undefined);
    }
    const exchanges = this.provider
      .exchanges()
      .slice(before)
      .filter((exchange) => exchange.api !== 'models');
    // The request the model last chose from: the turn's first (later ones only carry results back).
    const shown = exchanges.at(0)?.in.model?.tools;
    if (shown) this.lastOffered = shown;
    return exchanges;
  }

  /** A request as a model-request observation, with what the host reported about its turn. */
  private requestOf(exchange: ModelExchangeEvent): WireModelRequest {
    const offered = exchange.in.model?.tools ?? [];
    const identities = attributeOffers(offered, this.servers);
    const tools: ModelTool[] = offered.map((tool, i) => ({
      name: tool.name,
      serverId: identities[i]?.serverId ?? '',
      toolName: identities[i]?.toolName ?? tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}),
    }));
    return {
      tools,
      withheld: [],
      seq: exchange.in.seq,
      exchange: exchange.exchange,
      strictTools: offered.filter((tool) => tool.strict === true).length,
      ...(this.report?.toolCount !== undefined ? { reportedToolCount: this.report.toolCount } : {}),
      ...(this.report?.estimatedTokens !== undefined ? { estimatedTokens: this.report.estimatedTokens } : {}),
      ...(this.report?.perServerTokens !== undefined ? { perServerTokens: this.report.perServerTokens } : {}),
    };
  }

  /** The (server, tool) the first `tools/call` of the turn reached, if one did. */
  private routedTo(): { serverId: string; toolName: string } | undefined {
    for (const server of this.servers.list) {
      const frame = callFrames(server.fake.transcript.frames, this.startedAt[server.id] ?? 0).at(0);
      if (frame) return { serverId: server.id, toolName: String(paramsOf(frame)?.name) };
    }
    return undefined;
  }

  /**
   * Whether the result the host sent the model is an error: the host says so (Anthropic
   * `is_error`, a Gemini `error` response); else the server answered the call with an error; else,
   * when no server ran a tool, the host answered the model by itself, which can only be an error.
   */
  private isError(
    result: ModelToolResult,
    routedTo: { serverId: string; toolName: string } | undefined,
  ): boolean {
    if (result.isError !== undefined) return result.isError;
    if (!routedTo) return true;
    const server = this.servers.get(routedTo.serverId);
    const call = callFrames(server.fake.transcript.frames, this.startedAt[server.id] ?? 0).at(0);
    const answer = server.fake.transcript.frames.find(
      (frame) =>
        frame.direction === 'out' &&
        frame.kind === 'message' &&
        call !== undefined &&
        frame.seq > call.seq &&
        (frame.message as { id?: unknown } | undefined)?.id === (call.message as { id?: unknown }).id,
    );
    const message = answer?.message as { error?: unknown; result?: { isError?: unknown } } | undefined;
    return message?.error !== undefined || message?.result?.isError === true;
  }
}

function paramsOf(frame: TranscriptFrame): { name?: unknown } | undefined {
  return (frame.message as { params?: { name?: unknown } } | undefined)?.params;
}

function callFrames(frames: readonly TranscriptFrame[], afterSeq: number): TranscriptFrame[] {
  return frames.filter(
    (frame) =>
      frame.seq > afterSeq &&
      frame.direction === 'in' &&
      frame.kind === 'message' &&
      (frame.message as { method?: unknown } | undefined)?.method === 'tools/call',
  );
}

/** Characters a host may put between a server prefix and a tool name (`srv__tool`, `srv.tool`, `srv/tool`). */
const SEPARATOR = /[_\-.:/ ]$/;
const sanitize = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, '_');

/**
 * Which (server, tool) each offered tool stands for, read from the servers' catalogs as a black-box
 * host cannot say: a tool of the same name, or of a name the offered one ends with after a
 * separator (a host that prefixes names per server), or the same name with the characters a
 * provider refuses replaced by `_` (a host that rewrites names); ties are broken by an equal
 * description, then by the server id appearing in the prefix. `undefined` where none or several remain.
 */
export function attributeOffers(
  offered: readonly ModelToolOffer[],
  servers: CellServers,
): Array<{ serverId: string; toolName: string } | undefined> {
  const known = servers.list.flatMap((server) => {
    const tools = new Map<string, string | undefined>();
    // Every tool a listing showed (a host may still offer a tool removed since), then the catalog now.
    for (const frame of server.fake.transcript.frames) {
      const listed = (frame.message as { result?: { tools?: unknown } } | undefined)?.result?.tools;
      if (frame.direction !== 'out' || !Array.isArray(listed)) continue;
      for (const tool of listed as Array<{ name?: unknown; description?: unknown }>)
        if (typeof tool.name === 'string')
          tools.set(tool.name, typeof tool.description === 'string' ? tool.description : undefined);
    }
    for (const tool of server.fake.tools()) tools.set(tool.name, tool.description);
    return [...tools].map(([toolName, description]) => ({ serverId: server.id, toolName, description }));
  });
  return offered.map((offer) => {
    let candidates = known.filter((tool) => tool.toolName === offer.name);
    if (candidates.length === 0)
      candidates = known.filter(
        (tool) =>
          (offer.name.endsWith(tool.toolName) &&
            SEPARATOR.test(offer.name.slice(0, offer.name.length - tool.toolName.length))) ||
          sanitize(tool.toolName) === offer.name ||
          (offer.name.endsWith(sanitize(tool.toolName)) &&
            SEPARATOR.test(offer.name.slice(0, offer.name.length - sanitize(tool.toolName).length))),
      );
    if (candidates.length === 0 && offer.description !== undefined)
      candidates = known.filter((tool) => tool.description === offer.description);
    if (candidates.length > 1 && offer.description !== undefined) {
      const same = candidates.filter((tool) => tool.description === offer.description);
      if (same.length > 0) candidates = same;
    }
    if (candidates.length > 1) {
      const prefixed = candidates.filter((tool) => offer.name.includes(tool.serverId));
      if (prefixed.length > 0) candidates = prefixed;
    }
    const [only] = candidates;
    return candidates.length === 1 && only ? { serverId: only.serverId, toolName: only.toolName } : undefined;
  });
}
