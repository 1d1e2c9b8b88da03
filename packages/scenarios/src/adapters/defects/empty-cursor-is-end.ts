import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient, type Page } from './naive-client.js';

/** Reads `nextCursor: ""` as "no more pages" in every era. */
class EmptyCursorIsEnd extends NaiveClient {
  protected override nextCursor(page: Page): string | undefined {
    return typeof page.nextCursor === 'string' && page.nextCursor !== '' ? page.nextCursor : undefined;
  }
}

export const emptyCursorIsEnd = defect(
  {
    name: 'empty-cursor-is-end',
    mistake: 'Treats an empty-string nextCursor as the end of the list (it is a valid cursor in 2026-07-28).',
    realWorld: 'spec 2026-07-28 pagination (digest §2.5); the inverse of case PG-05',
    caughtBy: ['scenario:pg-05-empty-string-cursor-is-a-cursor', 'property:empty-string-cursor'],
  },
  () => new EmptyCursorIsEnd(),
  naiveClient,
);
