import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import type { RunRecord } from '../run-record.js';
import { wireHeader } from './wire-header.js';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } };

/** A legacy server with two tokens of one principal: only the token tells their requests apart. */
async function runWith(token: string) {
  const server = createFakeServer(
    scriptBuilder('tokens')
      .eras('legacy')
      .tools({ name: 'alpha', inputSchema: { type: 'object' } })
      .auth({
        tokens: [
          { token: 'token-old', principal: 'sam' },
          { token: 'token-new', principal: 'sam' },
        ],
      })
      .build(),
  );
  const post = (id: number, method: string, params: unknown, session?: string) =>
    server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: {
        ...HEADERS,
        authorization: `Bearer ${token}`,
        ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
  const session = (await post(1, 'initialize', INIT)).headers['Mcp-Session-Id'];
  await post(2, 'tools/list', {}, session);
  const record: RunRecord = {
    era: 'legacy',
    serverId: 'primary',
    transcript: server.transcript.frames,
    observations: [],
    finalCatalog: server.snapshot(),
    credentialDigest: (credential) => server.credentialDigest(credential),
  };
  return { server, record };
}

const check = (record: RunRecord, equals: string) =>
  wireHeader.check(record, { header: 'authorization', method: 'tools/list', equals });

describe('wire.header compares tokens by salted digest, never holding one (issue 26)', () => {
  test('equals "Bearer <token>" passes on the token sent and fails on another token', async () => {
    const { record } = await runWith('token-new');
    expect(check(record, 'Bearer token-new')).toMatchObject({
      status: 'pass',
      message: expect.stringContaining('carrying the expected token (compared by salted digest)'),
    });
    const other = check(record, 'Bearer token-old');
    expect(other.status).toBe('fail');
    expect(other.evidence[0]?.note).toContain('with another token');
    // A failure never reads as the match it did not find.
    expect(other.message).toMatch(
      /1 of 1 request\(s\) .* did not come with an authorization header of scheme "Bearer" carrying the expected token/,
    );
    const basic = check(record, 'Basic token-new');
    expect(basic.status).toBe('fail');
    expect(basic.message).toContain('did not come with an authorization header of scheme "Basic"');
  });

  test('equals "Bearer" says the credential was not compared, instead of claiming a match', async () => {
    const { record } = await runWith('token-old');
    const verdict = check(record, 'Bearer');
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toContain('(its credential not compared)');
    expect(verdict.message).not.toMatch(/matching|= "Bearer"/);
  });

  test('the transcript holds no token, only a digest under a key of its own server', async () => {
    const { server, record } = await runWith('token-new');
    const text = JSON.stringify(record.transcript);
    expect(text).not.toContain('token-new');
    const digests = record.transcript.flatMap((frame) => frame.credentialDigest ?? []);
    expect(digests.length).toBeGreaterThan(0);
    expect(new Set(digests)).toEqual(new Set([server.credentialDigest('token-new')]));
    // Another server (another transcript) digests the same token differently: the key is random.
    const again = await runWith('token-new');
    expect(again.server.credentialDigest('token-new')).not.toBe(server.credentialDigest('token-new'));
  });

  test('a record without the key (read back from a file) leaves a token comparison inconclusive', async () => {
    const { record } = await runWith('token-new');
    const { credentialDigest: _key, ...readBack } = record;
    expect(check(readBack, 'Bearer token-new')).toMatchObject({ status: 'inconclusive' });
  });

  test('matches is refused for authorization: a pattern cannot be matched against a digest', () => {
    expect(wireHeader.validateParams?.({ header: 'authorization', matches: '^Bearer' })).toContain(
      'matches cannot apply to authorization',
    );
  });
});
