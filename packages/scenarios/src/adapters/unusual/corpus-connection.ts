import { Client, StreamableHTTPClientTransport, type Tool } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import canonicalize from 'canonicalize';
import type { AdapterCallOutcome } from '../client-adapter.js';
import { NaiveClient, type Page } from '../defects/naive-client.js';

/** What a corpus host does with tool names a listing repeats: keep the first copy, or refuse every copy. */
export type DuplicatePolicy = 'keep-first' | 'refuse';

/**
 * Where a `required` list names a property its `properties` do not define (valid JSON Schema, but
 * model providers reject the whole request over it), or undefined.
 */
function undefinedRequired(node: unknown, pointer = ''): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      const found = undefinedRequired(item, `${pointer}/${index}`);
      if (found) return found;
    }
    return undefined;
  }
  const { required, properties } = node as { required?: unknown; properties?: unknown };
  if (Array.isArray(required) && typeof properties === 'object' && properties !== null) {
    const missing = required.filter((name) => typeof name === 'string' && !Object.hasOwn(properties, name));
    if (missing.length > 0)
      return `${pointer}/required names ${missing.join(', ')}, which properties does not define (providers reject it)`;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    const found = undefinedRequired(child, `${pointer}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/** Whether `error` is an HTTP 404 (the SDK's `SdkHttpError` carries the status in `data`). */
const isNotFound = (error: unknown) =>
  (error as { data?: { status?: unknown } } | undefined)?.data?.status === 404;

/**
 * One server connection of a corpus host: the `NaiveClient` (which does discovery right: every
 * page, subscribe, re-list from page one on a signal, atomic swap, re-listen after a drop, new
 * session after a 404 while listing, TTL refresh, argument check, ask the user) plus what a host
 * needs around it:
 * - a schema gate before it exposes anything: a tool whose input schema is not a valid JSON Schema
 *   2020-12 object schema is left out and named in a warning; a name the listing repeats with
 *   different definitions keeps the first (or, `refuse`, none), with a warning (identical copies,
 *   e.g. a page served twice, are one tool);
 * - era negotiation: outside a legacy cell it prefers 2026-07-28 and falls back to `initialize` on
 *   a legacy-only server (the naive client pins the revision);
 * - a lost legacy session anywhere (a call answered 404, the GET stream refused with 404) starts a
 *   new session and re-lists; a call is retried once on the new session;
 * - a failed listing is shown to the user (a warning), not only noted;
 * - `whenCurrent()`: a use waits for a re-list already under way (a change announced mid-turn).
 */
export class CorpusConnection extends NaiveClient {
  private readonly gate = new Ajv2020({ strict: false, logger: false });
  private readonly validator = new Ajv2020({ strict: false, validateSchema: false, logger: false });
  private readonly warned = new Set<string>();
  private refreshing: Promise<void> | undefined;
  private recovering: Promise<void> | undefined;

  constructor(protected readonly duplicates: DuplicatePolicy = 'keep-first') {
    super();
  }

  /** The tools this connection exposes now (its registry), in listing order. */
  get tools(): Tool[] {
    return [...this.registry.values()];
  }

  /** Whether `connect` has finished (the handshake, and the first listing for an eager connection). */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** The era the server and this connection agreed on (the cell's era until connected). */
  get negotiatedEra(): 'legacy' | 'modern' {
    if (this.client) return this.client.getProtocolEra() === 'modern' ? 'modern' : 'legacy';
    return this.target?.era ?? 'modern';
  }

  override refresh(): Promise<void> {
    const listing = super.refresh();
    this.refreshing = listing;
    return listing;
  }

  /** Resolves once a re-list under way (or a session being recovered) has finished; at once otherwise. */
  async whenCurrent(): Promise<void> {
    await this.recovering;
    if (this.listingInFlight) await this.refreshing;
  }

  override async callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    await this.whenCurrent();
    const first = await this.callOnce(toolName, args);
    if (!first.sessionLost) return first.outcome;
    await this.recoverSession();
    return (await this.callOnce(toolName, args)).outcome;
  }

  protected override async listAll(): Promise<{ tools: Tool[]; ttlMs: number | undefined }> {
    try {
      return await super.listAll();
    } catch (error) {
      if (!this.closed && !isNotFound(error))
        this.observer?.warning({
          serverId: this.target!.serverId,
          message: `listing tools failed: ${(error as Error).message}`,
        });
      throw error;
    }
  }

  protected override nextCursor(page: Page): string | undefined {
    const next = page.nextCursor;
    if (typeof next !== 'string') return undefined;
    // An empty string ends a legacy listing; in 2026-07-28 it is a cursor (by the era negotiated).
    return next === '' && this.negotiatedEra === 'legacy' ? undefined : next;
  }

  protected override async open(): Promise<void> {
    const target = this.target!;
    const client = new Client(
      { name: 'toolshift-corpus-host', version: '1.0.0' },
      // Legacy when the cell asks for it; otherwise (modern, or a dual cell's no preference) the
      // host's own default: prefer 2026-07-28 and fall back.
      { versionNegotiation: target.era === 'legacy' ? { mode: 'legacy' } : { mode: 'auto' } },
    );
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (this.client === client && !this.closed) this.onListChanged();
    });
    // A legacy session the server forgot: the GET stream is refused with 404.
    client.onerror = (error) => {
      if (this.client === client && !this.closed && isNotFound(error) && this.negotiatedEra === 'legacy')
        void this.recoverSession().catch(() => {});
    };
    const token = target.bearerToken;
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(target.url), {
          ...(token !== undefined ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
          reconnectionOptions: {
            initialReconnectionDelay: 1_000,
            maxReconnectionDelay: 30_000,
            reconnectionDelayGrowFactor: 2,
            maxRetries: 5,
          },
        }),
      );
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    this.client = client;
    await this.subscribe();
  }

  /** After a lost session was replaced: list again (changes while it was gone are lost for good). */
  protected afterSessionRecovered(): Promise<void> {
    return this.refresh();
  }

  /** A new session for a lost one, then `afterSessionRecovered`. */
  private recoverSession(): Promise<void> {
    this.recovering ??= (async () => {
      await this.onSessionLost();
      await this.afterSessionRecovered();
    })().finally(() => {
      this.recovering = undefined;
    });
    return this.recovering;
  }

  private async callOnce(
    toolName: string,
    args: Record<string, unknown>,
  ): Promise<{ outcome: AdapterCallOutcome; sessionLost?: boolean }> {
    const client = this.client;
    if (!client || !this.target) return { outcome: { ok: false, error: 'not connected' } };
    const tool = this.resolveTool(toolName);
    if (!tool)
      return {
        outcome: {
          ok: false,
          error: `unknown tool ${toolName}; available: ${[...this.registry.keys()].join(', ')}`,
        },
      };
    const invalid = this.argumentError(tool, args);
    if (invalid) return { outcome: { ok: false, error: `arguments do not fit ${tool.name}: ${invalid}` } };
    if (!this.permitted(tool, args))
      return { outcome: { ok: false, error: `the user declined ${tool.name}` } };
    try {
      const result = await client.callTool({ name: tool.name, arguments: args });
      return {
        outcome: result.isError ? { ok: false, error: JSON.stringify(result.content) } : { ok: true, result },
      };
    } catch (error) {
      return {
        outcome: { ok: false, error: (error as Error).message },
        sessionLost: isNotFound(error) && this.negotiatedEra === 'legacy',
      };
    }
  }

  protected override apply(tools: readonly Tool[]): void {
    // Copies of one definition (a page served twice) are one tool; different tools under one name conflict.
    const forms = new Map<string, Set<string>>();
    for (const tool of tools)
      forms.set(tool.name, (forms.get(tool.name) ?? new Set()).add(canonicalize(tool) ?? ''));
    const kept: Tool[] = [];
    const seen = new Set<string>();
    for (const tool of tools) {
      if (seen.has(tool.name)) continue;
      const variants = forms.get(tool.name)!.size;
      if (variants > 1 && this.duplicates === 'refuse') {
        this.warnOnce(
          tool.name,
          `refused ${tool.name}: the listing holds ${variants} different tools of that name, so no call could say which one it means`,
        );
        continue;
      }
      seen.add(tool.name);
      if (variants > 1)
        this.warnOnce(
          tool.name,
          `the listing holds ${variants} different tools named ${tool.name}; kept the first`,
        );
      const problem = this.schemaProblem(tool.inputSchema);
      if (problem) {
        this.warnOnce(tool.name, `excluded ${tool.name}: invalid input schema: ${problem}`);
        continue;
      }
      kept.push(tool);
    }
    super.apply(kept);
  }

  /** Why `args` do not fit the tool's input schema as served (unknown formats are not logged). */
  protected override argumentError(tool: Tool, args: Record<string, unknown>): string | undefined {
    try {
      const validate = this.validator.compile(tool.inputSchema);
      this.validator.removeSchema(tool.inputSchema);
      return validate(args) ? undefined : this.validator.errorsText(validate.errors);
    } catch (error) {
      return `schema unusable: ${(error as Error).message}`;
    }
  }

  /** Why `schema` is not usable as an input schema, or undefined. */
  private schemaProblem(schema: unknown): string | undefined {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'not an object';
    if ((schema as { type?: unknown }).type !== 'object') return 'the root is not type "object"';
    if (this.gate.validateSchema(schema) !== true) return this.gate.errorsText(this.gate.errors);
    return undefinedRequired(schema);
  }

  private warnOnce(toolName: string, message: string): void {
    const key = `${toolName}\u0000${message}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.observer?.warning({ serverId: this.target!.serverId, toolName, message });
  }
}
