import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

/** The fake authorization server's frames (its notes travel on stream `auth`). */
const fromAuthorizationServer = (frame: TranscriptFrame) =>
  frame.kind === 'note' && frame.streamId === 'auth';

/**
 * The client redeems each authorization code once: the fake authorization server refuses a second
 * redemption, revokes every token issued from the code (so the client loses its access), and
 * records a note with `clientMistake: 'oauth-code-reused'`. Inconclusive when no authorization code
 * was issued. Judged from the transcript alone.
 */
export const codeRedeemedOnce: Invariant = {
  id: 'auth.code-redeemed-once',
  title: 'The client redeems each authorization code once (a second use revokes the tokens issued from it).',
  source: 'RFC 6749 §4.1.2 (the client MUST NOT use the authorization code more than once); OAuth 2.1 §4.1.3',
  judgesWireOnly: true,
  authority: {
    level: 'advice',
    basis:
      'RFC 6749 §4.1.2 (an authorization code is used once): an OAuth rule, not a clause of the MCP spec digest',
  },
  check(run) {
    const frames = connectionFrames(run, run.serverId).filter(fromAuthorizationServer);
    const reused = frames.filter((frame) => frame.clientMistake === 'oauth-code-reused');
    if (reused.length > 0)
      return fail(
        this.id,
        `${run.serverId}: the client redeemed an authorization code a second time (${reused.length} time(s)); the tokens issued from it were revoked.`,
        reused.slice(0, 8).map((frame) => ({ seq: frame.seq, note: frame.note ?? 'code reused' })),
      );
    const codes = frames.filter((frame) => /authorization code issued/.test(frame.note ?? ''));
    if (codes.length === 0)
      return inconclusive(this.id, `${run.serverId}: no authorization code was issued.`);
    return pass(
      this.id,
      `${run.serverId}: none of the ${codes.length} authorization code(s) issued was redeemed twice.`,
      codes.slice(0, 8).map((frame) => ({ seq: frame.seq, note: frame.note ?? 'code issued' })),
    );
  },
};
