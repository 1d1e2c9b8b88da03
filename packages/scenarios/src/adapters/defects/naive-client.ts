import {
  Client,
  type McpSubscription,
  type StandardSchemaV1,
  StreamableHTTPClientTransport,
  type Tool,
} from '@modelcontextprotocol/client';
import type { ExposedTool } from '@toolshift/assertions';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientAdapterFactory,
  ClientObserver,
  ConnectTarget,
} from '../client-adapter.js';
import { SkewableClock } from '../skewable-clock.js';

// Pages are read raw (the per-page call), so this client decides how to paginate.
const RAW: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'toolshift',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

/** One `tools/list` page as this client reads it. */
export interface Page {
  tools: Tool[];
  nextCursor?: unknown;
  ttlMs?: unknown;
}

/** How long a listing stays fresh without a notification when it carries no `ttlMs` (legacy), ms. */
const DEFAULT_FRESHNESS_MS = 600_000;

/**
 * A small host-side discovery client written directly on the official SDK's per-page calls, the
 * way many hosts are: it walks every page (an empty-string cursor is a cursor in 2026-07-28), stops
 * on a repeated cursor or after three pages under new cursors that bring no new tool, subscribes
 * (`subscriptions/listen` or `list_changed`), re-lists from page one on every signal (a signal
 * during a listing marks it dirty and lists again), swaps its
 * registry whole, listens again and re-lists when its stream ends, re-initializes after a lost
 * legacy session, refreshes when a listing's `ttlMs` runs out, and checks presence and arguments
 * (ajv, against the current contract) and asks the user before every call.
 *
 * Each defect in this folder is this client with one method replaced by a real mistake, so a
 * defect caught by a check is caught for that mistake (the catalogue test also runs the clean
 * client through every catcher).
 */
export class NaiveClient implements ClientAdapter {
  protected client: Client | undefined;
  protected target: ConnectTarget | undefined;
  protected observer: ClientObserver | undefined;
  /** The exposed registry: tool name → definition (this client holds one server). */
  protected registry = new Map<string, Tool>();
  protected closed = false;
  private listing: Promise<void> | undefined;
  private dirty = false;
  private subscription: McpSubscription | undefined;
  private cancelRefreshTimer: (() => void) | undefined;
  private readonly ajv = new Ajv2020({ strict: false, validateSchema: false });
  /** The HTTP transport of the open client (its legacy session id is what a restart resumes). */
  private transport: StreamableHTTPClientTransport | undefined;
  /** The session id the next {@link open} resumes instead of initializing (set by a restart). */
  private resumeSessionId: string | undefined;
  /** Its timers (TTL refresh, re-listen after a dropped stream) run in real time and can be jumped forward. */
  private readonly clock = new SkewableClock();

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.target = target;
    this.observer = observer;
    // A session lost during the handshake (404 on notifications/initialized) is lost like any other.
    for (let sessionRetries = 0; ; sessionRetries++) {
      try {
        await (sessionRetries === 0 ? this.open() : this.onSessionLost());
        break;
      } catch (error) {
        if (this.closed || sessionRetries >= 3 || !this.isSessionLost(error)) throw error;
      }
    }
    await this.refresh();
  }

  async callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    const client = this.client;
    if (!client || !this.target) return { ok: false, error: 'not connected' };
    const tool = this.resolveTool(toolName);
    if (!tool)
      return {
        ok: false,
        error: `unknown tool ${toolName}; available: ${[...this.registry.keys()].join(', ')}`,
      };
    const invalid = this.argumentError(tool, args);
    if (invalid) return { ok: false, error: `arguments do not fit ${tool.name}: ${invalid}` };
    if (!this.permitted(tool, args)) return { ok: false, error: `the user declined ${tool.name}` };
    try {
      const result = await client.callTool({ name: tool.name, arguments: args });
      return result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  /**
   * `restart-client`: the host process dies and starts again, keeping only the legacy session id it
   * persisted. The old client is dropped (no DELETE: a killed process sends none); the new one
   * resumes that session the way the SDK documents (a transport given the `sessionId`, no new
   * `initialize`) and lists from page one, starting over on a 404 like any lost session.
   */
  async restartClient(): Promise<void> {
    const target = this.target;
    const observer = this.observer;
    if (!target || !observer) return;
    this.resumeSessionId = this.transport?.sessionId;
    this.cancelRefreshTimer?.();
    const subscription = this.subscription;
    const client = this.client;
    this.subscription = undefined;
    this.client = undefined;
    this.transport = undefined;
    await subscription?.close().catch(() => {});
    await client?.close().catch(() => {});
    this.registry = new Map();
    await this.connect(target, observer);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelRefreshTimer?.();
    await this.subscription?.close().catch(() => {});
    await this.client?.close().catch(() => {});
  }

  /** Lists again from page one (joins a listing in flight, which then lists once more). */
  refresh(): Promise<void> {
    this.dirty = true;
    this.listing ??= this.listLoop().finally(() => {
      this.listing = undefined;
    });
    return this.listing;
  }

  /** True while a listing is in flight. */
  protected get listingInFlight(): boolean {
    return this.listing !== undefined;
  }

  // ---- the parts a defect replaces ----

  /** A change notification arrived. */
  protected onListChanged(): void {
    void this.refresh();
  }

  /** Every tool of the server, page one to the last page. */
  protected async listAll(): Promise<{ tools: Tool[]; ttlMs: number | undefined }> {
    const tools: Tool[] = [];
    const seen = new Set<string>();
    const names = new Set<string>();
    let ttlMs: number | undefined;
    let cursor: string | undefined;
    let freshCursor = true;
    let barren = 0;
    for (;;) {
      const page = await this.listPage(cursor);
      const added = page.tools.filter((tool) => !names.has(tool.name));
      for (const tool of added) names.add(tool.name);
      // A page under a cursor never seen before that brings only tools already listed.
      if (page.tools.length > 0) barren = added.length === 0 && freshCursor ? barren + 1 : 0;
      tools.push(...page.tools);
      if (typeof page.ttlMs === 'number') ttlMs = Math.min(ttlMs ?? page.ttlMs, page.ttlMs);
      if (this.stalled(barren)) break;
      const next = this.nextCursor(page);
      freshCursor = next !== undefined && !seen.has(next);
      if (next === undefined || !this.follow(next, seen)) break;
      cursor = next;
    }
    return { tools, ttlMs };
  }

  /**
   * Whether a listing makes no progress: `barren` pages in a row under fresh cursors brought no new
   * tool (a server handing out a new cursor for the same page forever) — three end it.
   */
  protected stalled(barren: number): boolean {
    return barren >= 3;
  }

  /** The cursor to follow after `page`, or undefined at the end. */
  protected nextCursor(page: Page): string | undefined {
    const next = page.nextCursor;
    if (typeof next !== 'string') return undefined;
    // In 2026-07-28 an empty string is a cursor; a legacy server means "no more pages" by it. This
    // client speaks legacy unless the cell asks for modern (a dual cell gives no preference).
    if (next === '' && this.target?.era !== 'modern') return undefined;
    return next;
  }

  /** Whether to request `cursor` (a cursor seen before in this listing ends it). */
  protected follow(cursor: string, seen: Set<string>): boolean {
    if (seen.has(cursor)) return false;
    seen.add(cursor);
    return true;
  }

  /** Installs a complete listing as the registry (replaces it whole) and reports it. */
  protected apply(tools: readonly Tool[]): void {
    this.registry = new Map(tools.map((tool) => [tool.name, tool]));
    this.report();
  }

  /** The listen stream ended (modern): listen again, then re-list (notifications may be lost). */
  protected onStreamEnded(): void {
    this.later(1_000, async () => {
      await this.subscribe();
      await this.refresh();
    });
  }

  /** A request failed with HTTP 404 on a legacy session: start a new session and re-list. */
  protected async onSessionLost(): Promise<void> {
    await this.client?.close().catch(() => {});
    await this.open();
    this.dirty = true;
  }

  /** Schedules the refresh a listing's freshness asks for. */
  protected scheduleFreshness(ttlMs: number | undefined): void {
    this.cancelRefreshTimer?.();
    const delay = Math.min(Math.max(ttlMs ?? DEFAULT_FRESHNESS_MS, 1_000), DEFAULT_FRESHNESS_MS);
    this.cancelRefreshTimer = this.later(delay, () => this.refresh());
  }

  /** The registered tool a call names. */
  protected resolveTool(name: string): Tool | undefined {
    return this.registry.get(name);
  }

  /** Why `args` do not fit the tool's current input schema, or undefined. */
  protected argumentError(tool: Tool, args: Record<string, unknown>): string | undefined {
    try {
      const validate = this.ajv.compile(tool.inputSchema);
      this.ajv.removeSchema(tool.inputSchema);
      return validate(args) ? undefined : this.ajv.errorsText(validate.errors);
    } catch (error) {
      return `schema unusable: ${(error as Error).message}`;
    }
  }

  /** Asks the user before a call. */
  protected permitted(tool: Tool, args: Record<string, unknown>): boolean {
    const serverId = this.target!.serverId;
    const granted = this.observer?.approve?.({ serverId, toolName: tool.name, arguments: args }) ?? true;
    this.observer?.permission({ serverId, toolName: tool.name, granted, how: 'asked' });
    return granted;
  }

  // ---- plumbing ----

  /** Whether `error` is HTTP 404 on the legacy session. */
  private isSessionLost(error: unknown): boolean {
    const status = (error as { data?: { status?: unknown } }).data?.status;
    return this.target?.era !== 'modern' && (status === 404 || /\b404\b/.test(String(error)));
  }

  protected async open(): Promise<void> {
    const target = this.target!;
    const client = new Client(
      { name: 'toolshift-naive-client', version: '1.0.0' },
      { versionNegotiation: target.era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' } },
    );
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (this.client === client && !this.closed) this.onListChanged();
    });
    client.onerror = () => {};
    const token = target.bearerToken;
    const resume = this.resumeSessionId;
    this.resumeSessionId = undefined;
    const fetchImpl = this.transportFetch();
    const transport = new StreamableHTTPClientTransport(new URL(target.url), {
      ...(fetchImpl !== undefined ? { fetch: fetchImpl } : {}),
      ...(token !== undefined ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
      ...(resume !== undefined ? { sessionId: resume } : {}),
      reconnectionOptions: {
        initialReconnectionDelay: 1_000,
        maxReconnectionDelay: 30_000,
        reconnectionDelayGrowFactor: 2,
        maxRetries: 5,
      },
    });
    try {
      await client.connect(transport);
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    this.client = client;
    this.transport = transport;
    await this.subscribe();
  }

  /** The `fetch` its HTTP transport uses (default: the global one); a variant may filter what reaches the wire. */
  protected transportFetch(): typeof fetch | undefined {
    return undefined;
  }

  protected async subscribe(): Promise<void> {
    const client = this.client;
    if (!client || this.closed || client.getProtocolEra() !== 'modern') return;
    try {
      const subscription = await client.listen({ toolsListChanged: true });
      this.subscription = subscription;
      void subscription.closed.then((cause) => {
        if (cause !== 'local' && !this.closed && this.client === client) this.onStreamEnded();
      });
    } catch (error) {
      this.observer?.note(`listen failed: ${(error as Error).message}`);
      this.onStreamEnded();
    }
  }

  protected async listPage(cursor: string | undefined): Promise<Page> {
    const result = await this.client!.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      RAW,
    );
    return { ...result, tools: Array.isArray(result.tools) ? (result.tools as Tool[]) : [] };
  }

  protected report(): void {
    const serverId = this.target!.serverId;
    this.observer?.exposure(
      [...this.registry.values()].map(
        (tool): ExposedTool => ({
          serverId,
          name: tool.name,
          inputSchema: tool.inputSchema,
          ...(tool._meta !== undefined ? { _meta: tool._meta as Record<string, unknown> } : {}),
        }),
      ),
    );
  }

  /**
   * Runs `task` after `delayMs` on the client's clock (real time, or sooner when the harness
   * advances it; the timer never keeps the process alive); returns a cancel function.
   */
  protected later(delayMs: number, task: () => unknown): () => void {
    return this.clock.setTimer(() => {
      if (!this.closed) void task();
    }, delayMs);
  }

  /** `host-clock`: jumps the client's clock forward, firing every timer that came due. */
  async advanceClock(ms: number): Promise<void> {
    this.clock.advance(ms);
  }

  private async listLoop(): Promise<void> {
    let sessionRetries = 0;
    while (this.dirty && !this.closed) {
      this.dirty = false;
      try {
        const { tools, ttlMs } = await this.listAll();
        if (this.dirty) continue;
        this.apply(tools);
        this.scheduleFreshness(ttlMs);
      } catch (error) {
        if (this.closed) return;
        if (this.isSessionLost(error) && sessionRetries++ < 3) {
          await this.onSessionLost().catch((e: unknown) =>
            this.observer?.note(`reconnect failed: ${(e as Error).message}`),
          );
          continue;
        }
        this.observer?.note(`listing failed: ${(error as Error).message}`);
        this.scheduleFreshness(1_000);
      }
    }
  }
}

/** The naive client without any defect: the control the defects derived from it are compared with. */
export const naiveClient: ClientAdapterFactory = {
  name: 'naive-control',
  kind: 'defect',
  description:
    'The naive SDK-based client every naive defect derives from, without a mistake (a control, not a defect).',
  // One server per client, over fetch (msw intercepts the same calls); it sends the bearer token,
  // re-lists on request, its timers run on a clock the harness can advance, and it can restart
  // from the session id it persisted.
  capabilities: {
    transports: ['http', 'msw'],
    features: ['bearer-auth', 'manual-refresh', 'host-clock', 'restart-client'],
  },
  create: () => new NaiveClient(),
};
