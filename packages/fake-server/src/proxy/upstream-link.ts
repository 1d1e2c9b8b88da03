import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { MODERN_PROTOCOL_VERSIONS } from '../world/server-settings.js';
import { HttpUpstreamChannel } from './http-upstream-channel.js';
import { StdioUpstreamChannel } from './stdio-upstream-channel.js';
import type { UpstreamChannel, UpstreamReply, UpstreamSendOptions } from './upstream-channel.js';
import type { UpstreamTarget } from './upstream-target.js';

/** The proxy's `clientInfo` when it speaks to the upstream on its own behalf. */
export const PROXY_CLIENT_INFO = { name: 'toolshift-proxy', version: '1' } as const;
/** The modern revision the proxy speaks to the upstream on its own behalf. */
export const MODERN_REVISION = MODERN_PROTOCOL_VERSIONS[0];

/** A legacy session the proxy holds with the upstream: the channel it lives on and its id there. */
export interface UpstreamSession {
  channel: UpstreamChannel;
  /** HTTP `Mcp-Session-Id` the upstream gave (absent on stdio, or when it gave none). */
  sessionId?: string;
  /** The protocol revision the upstream negotiated. */
  protocolVersion: string;
  /** The upstream's `InitializeResult`. */
  result: Record<string, unknown>;
}

/**
 * How the proxy reaches one upstream: the channels it opens (over HTTP one pool serves every
 * session; over stdio each legacy session is a server process of its own, and modern requests
 * share one), the requests it makes on its own behalf (handshakes, listings), and `wrap`, which
 * sees every channel it opens (a session recording taps them).
 */
export class UpstreamLink {
  private sharedChannel: UpstreamChannel | undefined;
  private readonly channels = new Set<UpstreamChannel>();
  private nextId = 1;

  constructor(
    readonly target: UpstreamTarget,
    private readonly wrap: (channel: UpstreamChannel, label: string) => UpstreamChannel = (channel) =>
      channel,
  ) {}

  /** The channel modern requests (and, over HTTP, every request) travel on. */
  shared(): UpstreamChannel {
    this.sharedChannel ??= this.open('shared');
    return this.sharedChannel;
  }

  /** A channel for one more legacy session: over HTTP the shared pool, over stdio a new server process. */
  sessionChannel(label: string): UpstreamChannel {
    return this.target.kind === 'http' ? this.shared() : this.open(label);
  }

  /** A fresh request id for the proxy's own requests. */
  requestId(): string {
    return `toolshift-proxy-${this.nextId++}`;
  }

  /** HTTP headers of a modern request (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` as given). */
  modernHeaders(method: string, name?: string): Record<string, string> {
    return {
      'mcp-protocol-version': MODERN_REVISION,
      'mcp-method': method,
      ...(name !== undefined ? { 'mcp-name': name } : {}),
    };
  }

  /** The `_meta` envelope of the proxy's own modern requests. */
  modernMeta(): Record<string, unknown> {
    return {
      [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
      [CLIENT_CAPABILITIES_META_KEY]: {},
      [CLIENT_INFO_META_KEY]: { ...PROXY_CLIENT_INFO },
    };
  }

  /** Sends a modern request of the proxy's own on the shared channel. */
  modernRequest(
    method: string,
    params: Record<string, unknown>,
    options: UpstreamSendOptions & { id?: string } = {},
  ): Promise<UpstreamReply> {
    const message = {
      jsonrpc: '2.0',
      id: options.id ?? this.requestId(),
      method,
      params: { ...params, _meta: this.modernMeta() },
    } as JSONRPCMessage;
    return this.shared().send(message, { ...options, headers: this.modernHeaders(method) });
  }

  /**
   * Opens a legacy session: `initialize` with `params` (default: the proxy's own), then
   * `notifications/initialized`. Resolves with the session, or with the upstream's reply when it
   * refused (`ok: false`: an error answer, or no session).
   * @throws {UpstreamError} when the upstream cannot be reached.
   */
  async openSession(
    params: Record<string, unknown> | undefined,
    label: string,
    options: UpstreamSendOptions = {},
  ): Promise<
    { ok: true; session: UpstreamSession; reply: UpstreamReply } | { ok: false; reply: UpstreamReply }
  > {
    const channel = this.sessionChannel(label);
    const initParams = params ?? {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { ...PROXY_CLIENT_INFO },
    };
    const reply = await channel
      .send(
        { jsonrpc: '2.0', id: this.requestId(), method: 'initialize', params: initParams } as JSONRPCMessage,
        options,
      )
      .catch(async (error: unknown) => {
        if (channel !== this.sharedChannel) await this.closeChannel(channel);
        throw error;
      });
    const result = (reply.answer as { result?: Record<string, unknown> } | undefined)?.result;
    if (!result || typeof result.protocolVersion !== 'string') {
      if (channel !== this.sharedChannel) await this.closeChannel(channel);
      return { ok: false, reply };
    }
    const sessionId = reply.headers['mcp-session-id'];
    const session: UpstreamSession = {
      channel,
      protocolVersion: result.protocolVersion,
      result,
      ...(sessionId !== undefined ? { sessionId } : {}),
    };
    await channel.send(
      { jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage,
      this.legacyOptions(session, options),
    );
    return { ok: true, session, reply };
  }

  /** Send options for a legacy session's request: its id and negotiated revision in headers (HTTP). */
  legacyOptions(session: UpstreamSession, options: UpstreamSendOptions = {}): UpstreamSendOptions {
    return {
      ...options,
      ...(session.sessionId !== undefined ? { sessionId: session.sessionId } : {}),
      headers: { 'mcp-protocol-version': session.protocolVersion, ...(options.headers ?? {}) },
    };
  }

  /** Ends a legacy session: DELETE over HTTP (a refusal is ignored), the process over stdio. */
  async closeSession(session: UpstreamSession): Promise<void> {
    if (session.channel !== this.sharedChannel) this.channels.delete(session.channel);
    await session.channel.endSession(session.sessionId, session.protocolVersion);
  }

  /** Closes every channel (stdio: every server process). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.channels].map((channel) => channel.close()));
    this.channels.clear();
    this.sharedChannel = undefined;
  }

  private open(label: string): UpstreamChannel {
    const channel =
      this.target.kind === 'http'
        ? new HttpUpstreamChannel(this.target.url, this.target.headers ?? {})
        : new StdioUpstreamChannel(this.target.command, {
            ...(this.target.cwd !== undefined ? { cwd: this.target.cwd } : {}),
            ...(this.target.env !== undefined ? { env: this.target.env } : {}),
          });
    const wrapped = this.wrap(channel, label);
    this.channels.add(wrapped);
    return wrapped;
  }

  private async closeChannel(channel: UpstreamChannel): Promise<void> {
    this.channels.delete(channel);
    await channel.close();
  }
}
