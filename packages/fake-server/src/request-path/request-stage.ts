import type { Exchange } from './exchange.js';
import type { ServerParts } from './server-parts.js';

/** What a stage did: pass the exchange on, or answer it (the remaining accept stages are skipped). */
export type StageOutcome = 'next' | 'answered';

/**
 * One stage of the request path's accept half: it reads what earlier stages found out, adds its
 * own part, and either passes the exchange on or answers it by setting `exchange.response`. The
 * fake server's own stages are synchronous; a proxy's upstream refresh may wait for the upstream.
 */
export interface RequestStage {
  /** Short name, for notes and tests (`parse`, `authenticate`, …). */
  readonly name: string;
  run(exchange: Exchange, server: ServerParts): StageOutcome | Promise<StageOutcome>;
}
