import type { ExposedTool } from '@toolshift/assertions';
import type {
  AdapterCallOutcome,
  AgentTurnReport,
  ClientAdapter,
  ClientObserver,
  ConnectTarget,
  ModelCallResult,
  ModelRequest,
  ReportedState,
} from '../client-adapter.js';
import { type ClientStderr, StderrCapture } from '../client-stderr.js';
import { ClientProgram, ProgramAnswerError, type ProtocolTap } from './client-program.js';
import {
  COMMAND_ENV,
  COMMAND_PROTOCOL_VERSION,
  type ModelRequestResult,
  type ServerTarget,
  serverTargetEnv,
  UNSUPPORTED_REQUEST,
} from './command-protocol.js';

/** Where and how to start the client program. */
export interface CommandClientOptions {
  /** Working directory of the program (default: the runner's). */
  cwd?: string;
  /** Extra environment variables (the runner's environment and the `TOOLSHIFT_*` variables are always set). */
  env?: NodeJS.ProcessEnv;
  /** How long the program has to exit after `shutdown` before its process group is killed, ms (default 2000). */
  shutdownGraceMs?: number;
  /** Sees every protocol line in both directions (e.g. to check them against the schema). */
  tap?: ProtocolTap;
}

/**
 * Drives a client program in any language over the command-client protocol (see
 * `command-protocol.ts`): the program is spawned at the cell's first `connect`, with the cell's
 * era, transport, first server and every server of the cell (`TOOLSHIFT_SERVERS`) in `TOOLSHIFT_*`
 * variables; every adapter method becomes a request on its stdin, and what it reports on stdout
 * (exposed tools, notes, warnings, states) becomes observations. A stdio target reaches the program
 * as the target's command line (a relay process to the cell's fake server). One program per
 * cell; `close` sends `shutdown`.
 */
export class CommandClientAdapter implements ClientAdapter {
  private program: ClientProgram | undefined;
  private observer: ClientObserver | undefined;
  private readonly exposures = new Map<string, ExposedTool[]>();
  private readonly states = new Map<string, ReportedState>();
  private firstServer: string | undefined;
  /** How each server of the cell is handed to the program. */
  private readonly targets = new Map<string, ServerTarget>();
  private readonly stderr = new StderrCapture();

  constructor(
    readonly command: string,
    private readonly options: CommandClientOptions = {},
  ) {}

  async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.observer = observer;
    this.firstServer ??= target.serverId;
    for (const each of target.cellServers ?? [target]) await this.targetOf(each);
    const server = await this.targetOf(target);
    this.program ??= this.spawn(server);
    await this.program.request({ type: 'connect', ...server });
  }

  /** The protocol's description of a server target. */
  private async targetOf(target: ConnectTarget): Promise<ServerTarget> {
    const known = this.targets.get(target.serverId);
    if (known) return known;
    const common = {
      serverId: target.serverId,
      ...(target.era !== undefined ? { era: target.era } : {}),
      ...(target.bearerToken !== undefined ? { bearerToken: target.bearerToken } : {}),
      ...(target.model !== undefined ? { model: target.model } : {}),
    };
    let server: ServerTarget;
    if (target.transport.kind === 'http')
      server = { ...common, transport: 'http', url: target.transport.url };
    else if (target.transport.kind === 'stdio')
      server = {
        ...common,
        transport: 'stdio',
        command: target.transport.command,
        args: [...target.transport.args],
      };
    else
      throw new Error(
        `a command client connects over http or stdio only (asked for ${target.transport.kind})`,
      );
    this.targets.set(target.serverId, server);
    return server;
  }

  async callTool(
    toolName: string,
    args: Record<string, unknown>,
    serverId?: string,
  ): Promise<AdapterCallOutcome> {
    try {
      const result = (await this.running().request({
        type: 'call',
        serverId: serverId ?? this.firstServer ?? '',
        tool: toolName,
        arguments: args,
      })) as { isError?: unknown; content?: unknown } | undefined;
      if (result?.isError === true)
        return { ok: false, error: `tool returned isError: ${JSON.stringify(result.content)}` };
      return { ok: true, result };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { ok: false, error: (error as Error).message, ...(typeof code === 'string' ? { code } : {}) };
    }
  }

  /**
   * The user's refresh. A refresh the program answers with an error (not `UNSUPPORTED_REQUEST`) is
   * its library rejecting the re-list, which a host shows its user: a warning, as the in-process SDK
   * adapter reports it, not a broken action. A program that ends or hangs still fails the action.
   */
  async refresh(serverId: string): Promise<void> {
    try {
      await this.running().request({ type: 'refresh', serverId });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (!(error instanceof ProgramAnswerError) || code === UNSUPPORTED_REQUEST) throw error;
      this.observer?.warning({ serverId, message: `refresh failed: ${error.message}` });
    }
  }

  async restartClient(): Promise<void> {
    await this.running().request({ type: 'restart-client' });
  }

  async reconnect(serverId: string): Promise<void> {
    await this.running().request({ type: 'reconnect', serverId });
  }

  async reauthorize(serverId: string, bearerToken: string): Promise<void> {
    await this.running().request({ type: 'reauthorize', serverId, bearerToken });
  }

  async grant(serverId: string, toolName: string): Promise<void> {
    await this.running().request({ type: 'grant', serverId, tool: toolName });
  }

  async advanceClock(ms: number): Promise<void> {
    await this.running().request({ type: 'advance-clock', ms });
  }

  async modelRequest(options: { provider?: string }): Promise<ModelRequest> {
    const result = (await this.running().request({
      type: 'model-request',
      ...(options.provider !== undefined ? { provider: options.provider } : {}),
    })) as ModelRequestResult | undefined;
    if (!result || !Array.isArray(result.tools))
      throw new Error('the client program answered model-request without a tools array');
    return {
      tools: result.tools,
      withheld: result.withheld ?? [],
      ...(typeof result.estimatedTokens === 'number' ? { estimatedTokens: result.estimatedTokens } : {}),
      ...(isCount(result.reportedToolCount) ? { reportedToolCount: result.reportedToolCount } : {}),
    };
  }

  async modelCall(
    name: string,
    args: Record<string, unknown>,
    options: { provider?: string },
  ): Promise<ModelCallResult> {
    const result = (await this.running().request({
      type: 'model-call',
      name,
      arguments: args,
      ...(options.provider !== undefined ? { provider: options.provider } : {}),
    })) as Partial<ModelCallResult> | undefined;
    return {
      isError: result?.isError === true,
      text: typeof result?.text === 'string' ? result.text : '',
      ...(result?.routedTo ? { routedTo: result.routedTo } : {}),
    };
  }

  async agentTurn(request: { prompt: string; provider?: string }): Promise<AgentTurnReport | undefined> {
    const result = (await this.running().request({
      type: 'agent-turn',
      prompt: request.prompt,
      ...(request.provider !== undefined ? { provider: request.provider } : {}),
    })) as AgentTurnReport | undefined;
    if (!result || typeof result !== 'object') return undefined;
    return {
      ...(typeof result.estimatedTokens === 'number' ? { estimatedTokens: result.estimatedTokens } : {}),
      ...(result.perServerTokens && typeof result.perServerTokens === 'object'
        ? { perServerTokens: result.perServerTokens }
        : {}),
      ...(isCount(result.toolCount) ? { toolCount: result.toolCount } : {}),
    };
  }

  serverState(serverId: string): ReportedState {
    return this.states.get(serverId) ?? { state: 'unknown', detail: 'the client program reported no state' };
  }

  async close(): Promise<void> {
    const program = this.program;
    if (program) {
      const wasRunning = !program.ended;
      const reason = await program.shutdown(this.options.shutdownGraceMs);
      if (!wasRunning || reason !== 'exit code 0')
        this.observer?.note(`the client program ended: ${reason}${wasRunning ? ' (after shutdown)' : ''}`);
    }
  }

  /** The processes the program left running after its cell (killed at `close`). */
  harnessWarnings(): readonly string[] {
    const left = this.program?.leftovers ?? [];
    return left.length === 0
      ? []
      : [
          `the client program left ${left.length} process${left.length === 1 ? '' : 'es'} running after its cell: ${left.join(', ')}; toolshift killed ${left.length === 1 ? 'it' : 'them'}`,
        ];
  }

  /** What the program wrote to stderr during the cell (bounded; see {@link StderrCapture}). */
  clientStderr(): ClientStderr | undefined {
    return this.stderr.result();
  }

  private running(): ClientProgram {
    if (!this.program) throw new Error('the client program was never started (no connect)');
    return this.program;
  }

  private spawn(first: ServerTarget): ClientProgram {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...this.options.env,
      [COMMAND_ENV.protocol]: String(COMMAND_PROTOCOL_VERSION),
      // The cell's era: `dual` when the connect messages carry no era preference.
      [COMMAND_ENV.era]: first.era ?? 'dual',
      [COMMAND_ENV.transport]: first.transport,
      [COMMAND_ENV.serverId]: first.serverId,
      [COMMAND_ENV.servers]: JSON.stringify([...this.targets.values()]),
    };
    for (const name of [
      COMMAND_ENV.probe,
      COMMAND_ENV.serverUrl,
      COMMAND_ENV.serverCommand,
      COMMAND_ENV.bearerToken,
    ])
      delete env[name];
    Object.assign(env, serverTargetEnv(first));
    return new ClientProgram(
      this.command,
      {
        env,
        ...(this.options.cwd !== undefined ? { cwd: this.options.cwd } : {}),
        ...(this.options.tap !== undefined ? { tap: this.options.tap } : {}),
      },
      {
        message: (message) => {
          switch (message.type) {
            case 'tools':
              this.exposures.set(
                message.serverId,
                message.tools.map((tool) => ({ ...tool, serverId: message.serverId })),
              );
              this.observer?.exposure([...this.exposures.values()].flat());
              return;
            case 'note':
              this.observer?.note(message.text);
              return;
            case 'warning':
              this.observer?.warning({
                serverId: message.serverId,
                message: message.message,
                ...(message.toolName !== undefined ? { toolName: message.toolName } : {}),
              });
              return;
            case 'state': {
              const reported = {
                state: message.state,
                ...(message.detail !== undefined ? { detail: message.detail } : {}),
              };
              this.states.set(message.serverId, reported);
              this.observer?.state?.(message.serverId, reported);
              return;
            }
            case 'resources':
              this.observer?.resources?.(message.serverId, {
                resources: message.resources,
                resourceTemplates: message.resourceTemplates ?? [],
              });
              return;
            case 'prompts':
              this.observer?.prompts?.(message.serverId, message.prompts);
              return;
            case 'hello':
              return;
          }
        },
        stray: (text) => {
          if (text.startsWith('stderr: ')) this.stderr.add(`${text.slice('stderr: '.length)}\n`);
          this.observer?.note(`client program ${text}`);
        },
      },
    );
  }
}

/** A tool count a program reported: a non-negative integer (anything else is ignored, not judged). */
function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
