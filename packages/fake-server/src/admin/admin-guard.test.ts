import { describe, expect, test } from 'vitest';
import { type AdminGuardRequest, adminGuard } from './admin-guard.js';

const base: AdminGuardRequest = {
  method: 'GET',
  host: '127.0.0.1:8080',
  origin: undefined,
  contentType: undefined,
  authorization: undefined,
};
const codeOf = (answer: ReturnType<ReturnType<typeof adminGuard>>) =>
  answer === undefined ? 'pass' : (JSON.parse(answer.body) as { error: { code: string } }).error.code;

describe('adminGuard', () => {
  const loopback = adminGuard({ allowedHosts: ['localhost', '127.0.0.1', '[::1]'] });

  test.each([
    [{}, 'pass'],
    [{ host: 'LOCALHOST:1' }, 'pass'],
    [{ host: '[::1]:9' }, 'pass'],
    [{ host: undefined }, 'ADMIN_FORBIDDEN'],
    [{ host: 'evil.example' }, 'ADMIN_FORBIDDEN'],
    [{ host: '127.0.0.1.evil.example' }, 'ADMIN_FORBIDDEN'],
    [{ origin: 'http://localhost:5173' }, 'pass'],
    [{ origin: 'http://[::1]:3000' }, 'pass'],
    [{ origin: 'null' }, 'ADMIN_FORBIDDEN'],
    [{ origin: '' }, 'ADMIN_FORBIDDEN'],
    [{ origin: 'file://' }, 'ADMIN_FORBIDDEN'],
    [{ origin: 'https://localhost.evil.example' }, 'ADMIN_FORBIDDEN'],
  ] as const)('Host and Origin: %j → %s', (change, expected) => {
    expect(codeOf(loopback({ ...base, ...change }))).toBe(expected);
  });

  test('with Host unchecked (a non-loopback bind), an Origin must still be a loopback one', () => {
    const open = adminGuard({ allowedHosts: false });
    expect(codeOf(open({ ...base, host: 'container-7' }))).toBe('pass');
    expect(codeOf(open({ ...base, host: 'container-7', origin: 'null' }))).toBe('ADMIN_FORBIDDEN');
    expect(codeOf(open({ ...base, host: 'container-7', origin: 'http://container-7:8080' }))).toBe(
      'ADMIN_FORBIDDEN',
    );
    expect(codeOf(open({ ...base, origin: 'http://127.0.0.1:1' }))).toBe('pass');
  });

  test.each([
    ['application/json', 'pass'],
    ['application/json; charset=utf-8', 'pass'],
    [' APPLICATION/JSON ', 'pass'],
    [undefined, 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
    ['text/plain', 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
    ['text/plain; a=application/json', 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
    ['application/x-www-form-urlencoded', 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
    ['multipart/form-data; boundary=x', 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
    ['application/json-seq', 'ADMIN_UNSUPPORTED_MEDIA_TYPE'],
  ] as const)('a POST with Content-Type %j → %s (a GET needs none)', (contentType, expected) => {
    expect(codeOf(loopback({ ...base, method: 'POST', contentType }))).toBe(expected);
    expect(codeOf(loopback({ ...base, method: 'GET', contentType }))).toBe('pass');
  });

  test('a token is required on every request, as `Bearer <token>` (scheme in any case), nothing else', () => {
    const guarded = adminGuard({ allowedHosts: ['127.0.0.1'], token: 's3cret' });
    const refused = guarded(base)!;
    expect(refused.status).toBe(401);
    expect(refused.headers).toEqual({ 'WWW-Authenticate': 'Bearer realm="toolshift-admin"' });
    for (const authorization of [
      'Bearer s3cre',
      'Bearer s3cret ',
      'Bearer  s3cret',
      's3cret',
      'Basic s3cret',
      '',
    ])
      expect(codeOf(guarded({ ...base, authorization }))).toBe('ADMIN_UNAUTHORIZED');
    expect(codeOf(guarded({ ...base, authorization: 'Bearer s3cret' }))).toBe('pass');
    expect(codeOf(guarded({ ...base, authorization: 'bearer s3cret' }))).toBe('pass');
    // Origin is judged first: a page gets 403 whether or not it guessed the token.
    expect(codeOf(guarded({ ...base, origin: 'null', authorization: 'Bearer s3cret' }))).toBe(
      'ADMIN_FORBIDDEN',
    );
  });
});
