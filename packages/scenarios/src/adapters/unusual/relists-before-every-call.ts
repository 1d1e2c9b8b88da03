import { CorpusHost } from './corpus-host.js';
import { unusual } from './unusual-factory.js';

/** Keeps its registry current by listening, and also lists afresh before every use, as a belt-and-braces check. */
class RelistingHost extends CorpusHost {
  protected override async beforeUse(serverIds: readonly string[]): Promise<void> {
    await Promise.all(serverIds.map((serverId) => this.connections.get(serverId)?.refresh()));
  }
}

export const relistsBeforeEveryCall = unusual(
  {
    name: 'relists-before-every-call',
    behaviour:
      'Listens for changes like any client, and also re-lists every server it is about to use (each call and model request) from page one',
    whyCorrect:
      'DESIGN (re-validate against the current contract before execution): extra complete listings cost requests, never correctness',
  },
  () => new RelistingHost(),
);
