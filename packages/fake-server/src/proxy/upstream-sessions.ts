import type { UpstreamReply } from './upstream-channel.js';
import type { UpstreamLink, UpstreamSession } from './upstream-link.js';

/**
 * The legacy sessions the proxy holds with the upstream, one per downstream legacy session (a
 * downstream client's `initialize` opens one with the client's own params; over stdio each is a
 * server process of its own). A session the upstream forgot (404) is opened again with the same
 * params.
 */
export class UpstreamSessions {
  private readonly sessions = new Map<
    string,
    { session: UpstreamSession; params: Record<string, unknown> | undefined }
  >();

  constructor(private readonly link: UpstreamLink) {}

  /**
   * Opens the upstream session for downstream session `downstreamId` with the client's `initialize`
   * params. Resolves with the upstream's refusal when it refused (`ok: false`).
   * @throws {UpstreamError} when the upstream cannot be reached.
   */
  async open(
    downstreamId: string,
    params: Record<string, unknown> | undefined,
  ): Promise<
    { ok: true; session: UpstreamSession; reply: UpstreamReply } | { ok: false; reply: UpstreamReply }
  > {
    const opened = await this.link.openSession(params, `session ${downstreamId.slice(0, 8)}`);
    if (opened.ok) this.sessions.set(downstreamId, { session: opened.session, params });
    return opened;
  }

  /** The upstream session of a downstream session, if one was opened. */
  get(downstreamId: string): UpstreamSession | undefined {
    return this.sessions.get(downstreamId)?.session;
  }

  /**
   * Opens a downstream session's upstream session again (the upstream answered 404 for it).
   * @throws {UpstreamError} when the upstream cannot be reached or refuses.
   */
  async reopen(downstreamId: string): Promise<UpstreamSession | undefined> {
    const entry = this.sessions.get(downstreamId);
    if (!entry) return undefined;
    this.sessions.delete(downstreamId);
    await this.link.closeSession(entry.session);
    const opened = await this.open(downstreamId, entry.params);
    return opened.ok ? opened.session : undefined;
  }

  /** Ends the upstream session of a downstream session that ended. */
  async end(downstreamId: string): Promise<void> {
    const entry = this.sessions.get(downstreamId);
    if (!entry) return;
    this.sessions.delete(downstreamId);
    await this.link.closeSession(entry.session);
  }

  /** Ends every upstream session whose downstream session is no longer live. */
  async prune(live: ReadonlySet<string>): Promise<void> {
    await Promise.all([...this.sessions.keys()].filter((id) => !live.has(id)).map((id) => this.end(id)));
  }

  /** Ends every upstream session. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.end(id)));
  }
}
