import type { TranscriptFrame } from '@toolshift/fake-server';
import type { Invariant } from '../invariant.js';
import { connectionFrames } from '../run-record.js';
import { fail, inconclusive, pass } from '../verdict.js';

/** The fake authorization server's frames (its notes travel on stream `auth`). */
const fromAuthorizationServer = (frame: TranscriptFrame) =>
  frame.kind === 'note' && frame.streamId === 'auth';

/**
 * Every authorization code and token the client asked the fake authorization server for named this
 * server as its RFC 8707 `resource`: the server records each request that named another resource
 * (refused with `invalid_target`) or none as a note with `clientMistake` `oauth-wrong-resource` /
 * `oauth-no-resource`. Inconclusive when the client asked for no code or token (no code or token was
 * issued and no such mistake was recorded). Judged from the transcript alone.
 * @see ../shared/spec/mcp-discovery-spec.md §6 (servers validate the audience, RFC 8707)
 */
export const tokenForThisResource: Invariant = {
  id: 'auth.token-for-this-resource',
  title:
    'The client asks the authorization server for codes and tokens for this server (RFC 8707 resource), never another.',
  source:
    'MCP 2025-11-25 authorization §Resource Parameter Implementation (clients MUST send resource in authorization and token requests); RFC 8707 §2',
  judgesWireOnly: true,
  authority: {
    level: 'advice',
    basis:
      'RFC 8707 §2 (resource indicators in authorization and token requests): an OAuth rule the MCP authorization page adopts; the spec digest carries no client clause for it',
  },
  check(run) {
    const frames = connectionFrames(run, run.serverId).filter(fromAuthorizationServer);
    const mistakes = frames.filter(
      (frame) =>
        frame.clientMistake === 'oauth-wrong-resource' || frame.clientMistake === 'oauth-no-resource',
    );
    if (mistakes.length > 0) {
      const wrong = mistakes.filter((frame) => frame.clientMistake === 'oauth-wrong-resource').length;
      return fail(
        this.id,
        `${run.serverId}: ${mistakes.length} authorization request(s) did not name this server as the resource (${wrong} named another, ${mistakes.length - wrong} none).`,
        mistakes
          .slice(0, 8)
          .map((frame) => ({ seq: frame.seq, note: frame.note ?? String(frame.clientMistake) })),
        wrong === 0
          ? 'the requests were served, but a token without an audience is good at any server'
          : undefined,
      );
    }
    const issued = frames.filter((frame) => / issued /.test(frame.note ?? ''));
    if (issued.length === 0)
      return inconclusive(
        this.id,
        `${run.serverId}: the client asked the authorization server for no code or token.`,
      );
    return pass(
      this.id,
      `${run.serverId}: every one of ${issued.length} code and token request(s) named this server as the resource.`,
      issued.slice(0, 8).map((frame) => ({ seq: frame.seq, note: frame.note ?? 'issued' })),
    );
  },
};
