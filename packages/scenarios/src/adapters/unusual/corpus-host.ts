import type { Tool } from '@modelcontextprotocol/client';
import type { ExposedTool, ModelTool, WithheldModelTool } from '@toolshift/assertions';
import {
  BUILT_IN_PROVIDERS,
  contractHash,
  type DiscoveredTool,
  estimateTokens,
  executionContract,
  type JsonObject,
} from '@toolshift/reference-client';
import type {
  AdapterCallOutcome,
  ClientAdapter,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
} from '../client-adapter.js';
import { CorpusConnection } from './corpus-connection.js';
import { modelNames, type NamedTool, type NamingPolicy } from './model-names.js';

/** The provider a model request uses when the scenario names none. */
const DEFAULT_PROVIDER = 'anthropic';

/** One entry of the tool set last built for a model: the identity behind a model-facing name. */
interface Offered extends NamedTool {
  description?: string;
}

/** Every choice a corpus variant may make differently from the plain host. */
export interface CorpusHostOptions {
  /** How tools are named for the model (default `plain`). */
  naming?: NamingPolicy;
}

function resultText(result: unknown): string {
  const content = (result as { content?: unknown } | undefined)?.content;
  return (Array.isArray(content) ? content : [])
    .map((part) =>
      part && typeof part === 'object' && 'text' in part ? String(part.text) : JSON.stringify(part),
    )
    .join('\n');
}

/**
 * The plain host every false-positive corpus variant (`unusual:*`) is built from: one
 * `CorpusConnection` (a `NaiveClient` with a schema gate) per server, an exposure that is the union
 * of every connection's registry, and model requests built with the provider adapters
 * `@toolshift/reference-client` publishes as a library (OpenAI strict, Anthropic, Gemini): a tool
 * the provider cannot take is withheld with the adapter's reason; above the provider's tool limit
 * the rest is withheld (`tool-limit`); token estimates per server. A model call runs the identity
 * behind the name in the last request; an unknown name comes back as an error listing the names
 * the model may call. Variants override one choice each (see the `protected` hooks).
 */
export class CorpusHost implements ClientAdapter {
  protected observer: ClientObserver | undefined;
  protected readonly connections = new Map<string, CorpusConnection>();
  protected readonly targets = new Map<string, ConnectTarget>();
  private readonly exposures = new Map<string, ExposedTool[]>();
  private offered = new Map<string, Offered>();
  protected readonly naming: NamingPolicy;

  constructor(options: CorpusHostOptions = {}) {
    this.naming = options.naming ?? 'plain';
  }

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    if ('connect' in target.transport)
      throw new Error(`this host connects over Streamable HTTP only, not ${target.transport.kind}`);
    this.observer = observer;
    this.targets.set(target.serverId, target);
    await this.open(target);
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    const id = serverId ?? this.connections.keys().next().value;
    const connection = id === undefined ? undefined : this.connections.get(id);
    if (!connection) return { ok: false, error: `no server ${serverId ?? ''} is connected` };
    await this.beforeUse([id!]);
    return this.connections.get(id!)!.callTool(toolName, args);
  }

  async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    await this.beforeUse([...this.connections.keys()]);
    // A change announced mid-turn: the request waits for the re-list under way.
    await Promise.all([...this.connections.values()].map((connection) => connection.whenCurrent()));
    const provider = BUILT_IN_PROVIDERS.get(options.provider ?? DEFAULT_PROVIDER);
    if (!provider) throw new Error(`unknown model provider ${options.provider}`);
    const all = [...this.connections].flatMap(([serverId, connection]) =>
      connection.tools.map((tool) => ({ serverId, toolName: tool.name, tool })),
    );
    const { names, refused } = modelNames(all, this.naming);
    const withheld: WithheldModelTool[] = refused.map((tool) => {
      const detail = `another server also offers a tool named ${tool.toolName}; this host does not rename tools`;
      this.observer?.warning({
        serverId: tool.serverId,
        toolName: tool.toolName,
        message: `withheld: ${detail}`,
      });
      return { serverId: tool.serverId, toolName: tool.toolName, reason: 'duplicate-name', detail };
    });
    const tools: ModelTool[] = [];
    const perServerTokens: Record<string, number> = {};
    let estimatedTokens = 0;
    for (const [name, identity] of names) {
      const tool = all.find(
        (entry) => entry.serverId === identity.serverId && entry.toolName === identity.toolName,
      )!.tool;
      if (provider.maxTools !== undefined && tools.length >= provider.maxTools) {
        withheld.push({
          ...identity,
          reason: 'tool-limit',
          detail: `${provider.id} takes at most ${provider.maxTools} tools`,
        });
        continue;
      }
      const outcome = provider.adapt(discovered(identity.serverId, tool), name);
      if (!outcome.ok) {
        withheld.push({
          ...identity,
          reason: outcome.reason,
          detail: `${outcome.pointer || '/'}: ${outcome.detail}`,
        });
        continue;
      }
      const body = (outcome.definition.function as JsonObject | undefined) ?? outcome.definition;
      tools.push({
        name,
        serverId: identity.serverId,
        toolName: identity.toolName,
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        parameters: body.parameters ?? body.input_schema,
      });
      const tokens = estimateTokens(outcome.definition);
      estimatedTokens += tokens;
      perServerTokens[identity.serverId] = (perServerTokens[identity.serverId] ?? 0) + tokens;
    }
    this.offered = new Map(
      tools.map((tool) => [
        tool.name,
        {
          serverId: tool.serverId,
          toolName: tool.toolName,
          ...(tool.description ? { description: tool.description } : {}),
        },
      ]),
    );
    // Its UI shows every tool it holds less those it kept out (each with a warning or a reason).
    return {
      tools,
      withheld,
      estimatedTokens,
      perServerTokens,
      reportedToolCount: all.length - withheld.length,
    };
  }

  async modelCall(name: string, args: Record<string, unknown>): Promise<ModelCallResult> {
    const target = this.offered.get(name);
    if (!target) return { isError: true, text: this.unknownToolText(name, [...this.offered]) };
    const outcome = await this.callTool(target.toolName, args, target.serverId);
    const routedTo = { serverId: target.serverId, toolName: target.toolName };
    return outcome.ok
      ? {
          isError: (outcome.result as { isError?: boolean }).isError === true,
          text: resultText(outcome.result),
          routedTo,
        }
      : { isError: true, text: outcome.error, routedTo };
  }

  async refresh(serverId: string): Promise<void> {
    await this.connections.get(serverId)?.refresh();
  }

  /** The user's "reconnect": the connection is closed and opened again (and lists again). */
  async reconnect(serverId: string): Promise<void> {
    const target = this.targets.get(serverId);
    if (!target) throw new Error(`server ${serverId} was never connected`);
    await this.connections.get(serverId)?.close();
    await this.open(target);
  }

  /** New credentials: the connection is opened again with them (the host itself stays). */
  async reauthorize(serverId: string, bearerToken: string): Promise<void> {
    const target = this.targets.get(serverId);
    if (!target) throw new Error(`server ${serverId} was never connected`);
    this.targets.set(serverId, { ...target, bearerToken });
    await this.reconnect(serverId);
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections.values()].map((connection) => connection.close()));
  }

  // ---- the choices a variant overrides ----

  /** A new connection for one server (variants return their own kind). */
  protected createConnection(): CorpusConnection {
    return new CorpusConnection();
  }

  /** Runs before the host uses the tools of `serverIds` (a call, a model request). */
  protected async beforeUse(_serverIds: readonly string[]): Promise<void> {}

  /** What the host shows as its exposure for one server's registry (default: the tools as served). */
  protected exposedTools(serverId: string, tools: readonly ExposedTool[]): ExposedTool[] | undefined {
    return tools.map((tool) => ({ ...tool, serverId }));
  }

  /** The error the model gets for a name its request did not offer. */
  protected unknownToolText(name: string, offered: ReadonlyArray<[string, Offered]>): string {
    return `Unknown tool ${JSON.stringify(name)}. Call one of: ${offered.map(([alias]) => alias).join(', ') || '(none)'}.`;
  }

  /** Reports the union of every server's exposure (a variant may keep one back: `exposedTools` returning undefined). */
  protected report(): void {
    if (this.exposures.size === 0) return;
    this.observer?.exposure([...this.exposures.values()].flat());
  }

  // ---- plumbing ----

  private async open(target: ConnectTarget): Promise<void> {
    const connection = this.createConnection();
    this.connections.set(target.serverId, connection);
    const observer = this.observer!;
    await connection.connect(target, {
      ...observer,
      exposure: (tools) => {
        if (this.connections.get(target.serverId) !== connection) return;
        const shown = this.exposedTools(target.serverId, tools);
        if (!shown) return;
        this.exposures.set(target.serverId, shown);
        this.report();
      },
    });
  }
}

/** A listed tool as the provider adapters take it (a contract snapshot of the reference client's shape). */
function discovered(serverId: string, tool: Tool): DiscoveredTool {
  const contract = {
    name: tool.name,
    inputSchema: tool.inputSchema as JsonObject,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema as JsonObject } : {}),
    ...(tool.annotations !== undefined ? { annotations: tool.annotations as JsonObject } : {}),
  };
  return {
    serverId,
    ...contract,
    discoveredAtMs: 0,
    contractHash: contractHash(executionContract(contract)),
    advisories: [],
  };
}
