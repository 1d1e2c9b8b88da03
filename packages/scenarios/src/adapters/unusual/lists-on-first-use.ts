import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { CorpusConnection } from './corpus-connection.js';
import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** A connection that handshakes and subscribes at connect, and lists only once its host first uses it. */
class LazyConnection extends CorpusConnection {
  used = false;
  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.target = target;
    this.observer = observer;
    await this.open();
  }
  /** First use: list; afterwards, behave like any connection (re-list on every signal). */
  async use(): Promise<void> {
    if (this.used) return;
    this.used = true;
    await this.refresh();
  }
  /** Before the first use there is no listing a signal could outdate. */
  protected override onListChanged(): void {
    if (this.used) super.onListChanged();
  }
  protected override scheduleFreshness(ttlMs: number | undefined): void {
    if (this.used) super.scheduleFreshness(ttlMs);
  }
  /** An unused connection only needs the new session; a used one lists again. */
  protected override async afterSessionRecovered(): Promise<void> {
    if (this.used) await super.afterSessionRecovered();
  }
  protected override onStreamEnded(): void {
    if (this.used) super.onStreamEnded();
    else this.later(1_000, () => this.subscribe());
  }
}

class LazyHost extends CorpusHost {
  protected override createConnection(): CorpusConnection {
    return new LazyConnection();
  }
  protected override async beforeUse(serverIds: readonly string[]): Promise<void> {
    await Promise.all(serverIds.map((serverId) => (this.connections.get(serverId) as LazyConnection).use()));
  }
  override async refresh(serverId: string): Promise<void> {
    const connection = this.connections.get(serverId) as LazyConnection | undefined;
    if (connection && !connection.used) return connection.use();
    return super.refresh(serverId);
  }
  /** A reconnected server is listed again at once if it had been used (its registry must be current). */
  override async reconnect(serverId: string): Promise<void> {
    const used = (this.connections.get(serverId) as LazyConnection | undefined)?.used ?? false;
    await super.reconnect(serverId);
    if (used) await (this.connections.get(serverId) as LazyConnection).use();
  }
}

export const listsOnFirstUse = unusual(
  {
    name: 'lists-on-first-use',
    behaviour:
      'Connects and subscribes without listing; lists a server the first time the host uses it (a call, a model request, a refresh), then keeps it current like any client',
    whyCorrect:
      'nothing in either revision requires a listing before the tools are needed; until then there is no registry a change could leave stale',
  },
  () => new LazyHost(),
);
