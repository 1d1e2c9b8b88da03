import { defect } from './defect-factory.js';
import { NaiveClient, naiveClient } from './naive-client.js';

/** Follows every cursor it is given, even one it already requested: no repeated-cursor guard. */
class LoopsOnRepeatedCursor extends NaiveClient {
  protected override follow(): boolean {
    return true;
  }
}

export const loopsOnRepeatedCursor = defect(
  {
    name: 'loops-on-repeated-cursor',
    mistake:
      'Has no repeated-cursor guard, so a server that hands back the same cursor keeps it listing forever.',
    realWorld: 'case PG-05 (Cursor: ~170k requests in ~55 s, then out of memory)',
    caughtBy: ['scenario:pg-05-empty-cursor-loop', 'property:stuck-paginator'],
  },
  () => new LoopsOnRepeatedCursor(),
  naiveClient,
);
