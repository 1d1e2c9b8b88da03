import { describe, expect, test } from 'vitest';
import { codeFlow, oauthDrive as drive, RESOURCE, redeem } from '../../test/support/oauth-flow.js';
import { codeRedeemedOnce } from './code-redeemed-once.js';

describe('auth.code-redeemed-once', () => {
  test('passes when each code is redeemed once, and fails, citing the note, when one is redeemed again', async () => {
    const d = drive();
    const { code, token } = await codeFlow(d, { authorize: RESOURCE, token: RESOURCE });
    expect(codeRedeemedOnce.check(d.record()).status).toBe('pass');
    expect(d.server.authorizationServer()!.verify(String(token.access_token), RESOURCE)).toMatchObject({
      ok: true,
    });
    expect(await redeem(d, code!, RESOURCE)).toMatchObject({ error: 'invalid_grant' });
    // The tokens issued from the code are revoked.
    expect(d.server.authorizationServer()!.verify(String(token.access_token), RESOURCE)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const verdict = codeRedeemedOnce.check(d.record());
    expect(verdict.status).toBe('fail');
    const reused = d.server.transcript.frames.find((f) => f.clientMistake === 'oauth-code-reused')!;
    expect(verdict.evidence.map((ref) => ref.seq)).toEqual([reused.seq]);
  });

  test('is inconclusive when no code was issued', () => {
    expect(codeRedeemedOnce.check(drive().record()).status).toBe('inconclusive');
  });
});
