import { describe, expect, test } from 'vitest';
import { codeFlow, oauthDrive as drive, RESOURCE } from '../../test/support/oauth-flow.js';
import { tokenForThisResource } from './token-for-this-resource.js';

describe('auth.token-for-this-resource', () => {
  test('passes when every code and token request names this server', async () => {
    const d = drive();
    await codeFlow(d, { authorize: RESOURCE, token: `${RESOURCE}/` });
    const verdict = tokenForThisResource.check(d.record());
    expect(verdict.status).toBe('pass');
    expect(verdict.evidence.length).toBe(2);
  });

  test('fails, citing the note, when the client asks for another resource', async () => {
    const d = drive();
    await codeFlow(d, { authorize: 'https://elsewhere.example/mcp' });
    const verdict = tokenForThisResource.check(d.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('1 named another');
    const mistake = d.server.transcript.frames.find((f) => f.clientMistake === 'oauth-wrong-resource')!;
    expect(verdict.evidence).toEqual([{ seq: mistake.seq, note: expect.stringContaining('wrong resource') }]);
  });

  test('fails when the client names no resource, though it got its token', async () => {
    const d = drive();
    const { token } = await codeFlow(d, { authorize: RESOURCE });
    expect(token.access_token).toEqual(expect.any(String));
    const verdict = tokenForThisResource.check(d.record());
    expect(verdict).toMatchObject({ status: 'fail', message: expect.stringContaining('1 none') });
  });

  test('is inconclusive when the client never used the authorization server', () => {
    expect(tokenForThisResource.check(drive().record()).status).toBe('inconclusive');
  });
});
