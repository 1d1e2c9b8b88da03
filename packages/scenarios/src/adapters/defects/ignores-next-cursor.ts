import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Reads page one and never follows `nextCursor`. */
class IgnoresNextCursor extends NaiveClient {
  protected override nextCursor(): string | undefined {
    return undefined;
  }
}

export const ignoresNextCursor = defect(
  {
    name: 'ignores-next-cursor',
    mistake: 'Reads the first tools/list page and never follows nextCursor.',
    realWorld: 'cases PG-01 (Claude Code), PG-03 (Open WebUI); codex#28858',
    caughtBy: ['scenario:paginated-list', 'property:list-changed-race'],
  },
  () => new IgnoresNextCursor(),
  naiveClient,
);
