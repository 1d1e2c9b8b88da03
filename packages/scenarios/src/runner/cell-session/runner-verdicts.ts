import { fail, inconclusive, type Verdict } from '@toolshift/assertions';
import type { CheckVerdict } from '../cell.js';

/**
 * The runner's own `runner.*` verdicts of one cell session, in the order they were reached: a
 * failed expectation (the client hung, threw, failed to connect) or staging the scenario expected
 * but the run did not reach (never a verdict on the client).
 */
export class RunnerVerdicts {
  readonly list: CheckVerdict[] = [];

  /** Adds a verdict built elsewhere (its `checkId` and `serverId` already set). */
  push(verdict: CheckVerdict): void {
    this.list.push(verdict);
  }

  /** Records a failed runner expectation; `serverId` names the server connection it is about, if one. */
  fail(checkId: string, message: string, evidence: Verdict['evidence'] = [], serverId?: string): void {
    this.list.push({ ...fail(checkId, message, evidence), checkId, ...(serverId ? { serverId } : {}) });
  }

  /**
   * Records staging the scenario expected but the run did not reach (not a verdict on the client);
   * `serverId` names the server connection it is about, if one.
   */
  inconclusive(
    checkId: string,
    message: string,
    evidence: Verdict['evidence'] = [],
    serverId?: string,
  ): void {
    this.list.push({
      ...inconclusive(checkId, message, evidence),
      checkId,
      ...(serverId ? { serverId } : {}),
    });
  }
}
