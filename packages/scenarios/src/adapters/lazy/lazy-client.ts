import type { AdapterCallOutcome, ClientObserver, ConnectTarget } from '../client-adapter.js';
import { NaiveClient, type Page } from '../defects/naive-client.js';

/** What a {@link LazyClient} leaves out; each flag is one lazy-client variant. */
export interface LazyBehaviour {
  /** Lists once at connect, then closes its connection (exits). */
  exitsAfterListing?: boolean;
  /** Never opens a change channel: no legacy GET stream (refused before it reaches the wire), no `subscriptions/listen`. */
  neverListens?: boolean;
  /** A failed listing is swallowed: the client exposes nothing, tells nobody, never retries. */
  swallowsListErrors?: boolean;
  /** Answers every call with an error of its own, without sending it. */
  failsEveryCall?: boolean;
  /** Handshakes, then does nothing: no listing, no exposure. */
  doesNothing?: boolean;
}

/**
 * The naive SDK-based client (`NaiveClient`, which does discovery right) with parts of its work
 * left out, as lazy clients written against a harness do: the lazy-client corpus
 * (`adapters/lazy/`), built to be caught by essential checks.
 */
export class LazyClient extends NaiveClient {
  constructor(private readonly behaviour: LazyBehaviour) {
    super();
  }

  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    if (this.behaviour.doesNothing) {
      this.target = target;
      this.observer = observer;
      await this.open();
      return;
    }
    await super.connect(target, observer);
    if (this.behaviour.exitsAfterListing) await this.close();
  }

  override async callTool(toolName: string, args: Record<string, unknown>): Promise<AdapterCallOutcome> {
    if (this.behaviour.failsEveryCall) return { ok: false, error: 'this host does not run tools' };
    return super.callTool(toolName, args);
  }

  protected override async subscribe(): Promise<void> {
    if (this.behaviour.neverListens || this.behaviour.exitsAfterListing || this.behaviour.doesNothing) return;
    await super.subscribe();
  }

  protected override transportFetch(): typeof fetch | undefined {
    if (!this.behaviour.neverListens && !this.behaviour.exitsAfterListing && !this.behaviour.doesNothing)
      return undefined;
    // The SDK opens the legacy GET stream by itself after initialize: answer it 405 here, so it never reaches the server.
    return (input, init) =>
      (init?.method ?? 'GET').toUpperCase() === 'GET'
        ? Promise.resolve(new Response(null, { status: 405 }))
        : fetch(input, init);
  }

  protected override async listAll(): Promise<{ tools: Page['tools']; ttlMs: number | undefined }> {
    if (!this.behaviour.swallowsListErrors) return super.listAll();
    try {
      return await super.listAll();
    } catch {
      return { tools: [], ttlMs: undefined };
    }
  }
}
