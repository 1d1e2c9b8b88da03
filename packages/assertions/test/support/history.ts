import type { Era, TranscriptFrame } from '@toolshift/fake-server';
import type { ConnectionRecord, ExposedTool, Observation, RunRecord } from '../../src/index.js';

type Tool = { name: string; inputSchema?: unknown; description?: string };

/**
 * Writes a history by hand, Jepsen-style: transcript frames and client observations in the order
 * they happened, each stamped with the next `seq`. Used to give every checker one passing and one
 * failing history without starting a server.
 */
export class History {
  readonly frames: TranscriptFrame[] = [];
  readonly observations: Observation[] = [];
  private ids = 0;
  private streams = 0;
  private catalogRevision = 1;
  connections: ConnectionRecord[] | undefined;

  constructor(
    readonly era: Era = 'modern',
    readonly serverId = 'primary',
  ) {}

  get lastSeq(): number {
    return this.frames.length;
  }

  frame(draft: Partial<TranscriptFrame> & Pick<TranscriptFrame, 'direction' | 'kind'>): TranscriptFrame {
    const frame: TranscriptFrame = {
      seq: this.frames.length + 1,
      tick: 0,
      era: this.era,
      transport: 'in-memory',
      streamId: 'post-0',
      catalogRevision: this.catalogRevision,
      principal: 'anonymous',
      ...draft,
    };
    this.frames.push(frame);
    return frame;
  }

  /** A request/response exchange on its own POST stream; returns the response frame. */
  exchange(
    method: string,
    params: Record<string, unknown>,
    result: Record<string, unknown> | { error: { code: number; message: string } },
    extra: Partial<TranscriptFrame> = {},
  ): { request: TranscriptFrame; response: TranscriptFrame } {
    const id = ++this.ids;
    const streamId = `post-${id}`;
    const request = this.frame({
      direction: 'in',
      kind: 'message',
      streamId,
      message: { jsonrpc: '2.0', id, method, params } as TranscriptFrame['message'],
      ...extra,
    });
    const body = 'error' in result ? { error: result.error } : { result };
    const response = this.frame({
      direction: 'out',
      kind: 'message',
      streamId,
      httpStatus: 200,
      message: { jsonrpc: '2.0', id, ...body } as TranscriptFrame['message'],
      ...extra,
    });
    return { request, response };
  }

  /** One tools/list page. */
  page(
    tools: Tool[],
    options: { cursor?: string; nextCursor?: string; cacheScope?: string } = {},
    extra = {},
  ) {
    const result: Record<string, unknown> = {
      tools: tools.map((tool) => ({ inputSchema: { type: 'object' }, ...tool })),
      ...(options.nextCursor !== undefined ? { nextCursor: options.nextCursor } : {}),
      ...(options.cacheScope !== undefined ? { cacheScope: options.cacheScope, ttlMs: 60_000 } : {}),
    };
    return this.exchange(
      'tools/list',
      options.cursor !== undefined ? { cursor: options.cursor } : {},
      result,
      extra,
    );
  }

  /** A whole listing, `perPage` tools a page. */
  listing(
    tools: Tool[],
    perPage = tools.length || 1,
    extra: Partial<TranscriptFrame> = {},
    cacheScope?: string,
  ) {
    let cursor: string | undefined;
    for (let i = 0; i < Math.max(tools.length, 1); i += perPage) {
      const last = i + perPage >= tools.length;
      const next = last ? undefined : `c${this.ids + 1}`;
      this.page(
        tools.slice(i, i + perPage),
        {
          ...(cursor !== undefined ? { cursor } : {}),
          ...(next !== undefined ? { nextCursor: next } : {}),
          ...(cacheScope !== undefined ? { cacheScope } : {}),
        },
        extra,
      );
      cursor = next;
    }
  }

  /** The server changes its catalog (a `step` frame) and announces it. */
  change(note = 'catalog changed', extra: Partial<TranscriptFrame> = {}): TranscriptFrame {
    this.catalogRevision += 1;
    this.frame({ direction: 'server', kind: 'step', streamId: 'world', step: 'change', note });
    return this.signal(extra);
  }

  /** A `notifications/tools/list_changed` frame. */
  signal(extra: Partial<TranscriptFrame> = {}): TranscriptFrame {
    return this.frame({
      direction: 'out',
      kind: 'message',
      streamId: 'listen-1',
      message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } as TranscriptFrame['message'],
      ...extra,
    });
  }

  /** A modern `subscriptions/listen` request and its stream. */
  listen(extra: Partial<TranscriptFrame> = {}): string {
    const streamId = `listen-${++this.streams}`;
    const id = ++this.ids;
    this.frame({
      direction: 'in',
      kind: 'message',
      streamId,
      message: {
        jsonrpc: '2.0',
        id,
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true } },
      } as TranscriptFrame['message'],
      ...extra,
    });
    this.frame({ direction: 'out', kind: 'stream-open', streamId, httpStatus: 200, ...extra });
    return streamId;
  }

  /** A legacy standalone GET stream. */
  getStream(extra: Partial<TranscriptFrame> = {}): string {
    const streamId = `get-${++this.streams}`;
    this.frame({ direction: 'in', kind: 'message', streamId, httpMethod: 'GET', ...extra });
    this.frame({ direction: 'out', kind: 'stream-open', streamId, httpStatus: 200, ...extra });
    return streamId;
  }

  /** The server ends a stream. */
  drop(streamId: string, closeMode: 'drop' | 'graceful' = 'drop', extra: Partial<TranscriptFrame> = {}) {
    return this.frame({ direction: 'out', kind: 'stream-close', streamId, closeMode, ...extra });
  }

  /** A tools/call exchange as the server saw it. */
  call(name: string, args: Record<string, unknown>, extra: Partial<TranscriptFrame> = {}) {
    return this.exchange(
      'tools/call',
      { name, arguments: args },
      { content: [{ type: 'text', text: 'ok' }] },
      extra,
    );
  }

  expose(tools: Tool[], serverId = this.serverId): void {
    const exposed: ExposedTool[] = tools.map((tool) => ({
      serverId,
      name: tool.name,
      inputSchema: tool.inputSchema ?? { type: 'object' },
    }));
    this.observations.push({ kind: 'exposure', afterSeq: this.lastSeq, tools: exposed });
  }

  /** Records a harness call: `during` runs between the call's start and its end. */
  callObservation(
    toolName: string,
    args: Record<string, unknown>,
    during: () => void,
    options: { serverId?: string; ok?: boolean } = {},
  ): void {
    const startedAfterSeq = this.lastSeq;
    during();
    this.observations.push({
      kind: 'call',
      afterSeq: this.lastSeq,
      startedAfterSeq,
      serverId: options.serverId ?? this.serverId,
      toolName,
      arguments: args,
      outcome: options.ok === false ? { ok: false, error: 'refused' } : { ok: true, result: {} },
    });
  }

  permission(serverId: string, toolName: string, granted: boolean, how: 'asked' | 'standing'): void {
    this.observations.push({ kind: 'permission', afterSeq: this.lastSeq, serverId, toolName, granted, how });
  }

  record(): RunRecord {
    return {
      era: this.era,
      serverId: this.serverId,
      transcript: this.frames,
      observations: this.observations,
      finalCatalog: { catalogRevision: this.catalogRevision, tools: [] },
      ...(this.connections ? { connections: this.connections } : {}),
    };
  }
}
