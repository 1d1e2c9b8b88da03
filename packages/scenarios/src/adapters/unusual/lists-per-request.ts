import type { ExposedTool } from '@toolshift/assertions';
import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { CorpusConnection } from './corpus-connection.js';
import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** A connection that never subscribes, never polls, and lists only when its host asks. */
class OnDemandConnection extends CorpusConnection {
  override async connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    this.target = target;
    this.observer = observer;
    await this.open();
  }
  protected override async subscribe(): Promise<void> {}
  protected override onListChanged(): void {}
  protected override scheduleFreshness(): void {}
}

/** Lists every server afresh before each use (model request, model call, host call); keeps no registry. */
class ListsPerRequestHost extends CorpusHost {
  protected override createConnection(): CorpusConnection {
    return new OnDemandConnection();
  }
  protected override async beforeUse(serverIds: readonly string[]): Promise<void> {
    await Promise.all(serverIds.map((serverId) => this.connections.get(serverId)?.refresh()));
  }
  /** No standing registry: the tool set exists only inside each model request. */
  protected override exposedTools(): ExposedTool[] | undefined {
    return undefined;
  }
}

export const listsPerRequest = unusual(
  {
    name: 'lists-per-request',
    behaviour:
      'Never opens subscriptions/listen and ignores list_changed; lists every server afresh before each model request and each call, and keeps no registry between uses',
    whyCorrect:
      'spec 2026-07-28 §4.2 (subscriptions are opt-in); every use sees the catalog as it is at that moment, so no change can leave it stale',
  },
  () => new ListsPerRequestHost(),
);
