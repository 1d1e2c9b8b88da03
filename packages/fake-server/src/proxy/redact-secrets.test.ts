import { describe, expect, test } from 'vitest';
import { REDACTED, SecretRedactor } from './redact-secrets.js';

describe('SecretRedactor', () => {
  test('keeps the scheme of Authorization and drops every other credential header', () => {
    const redactor = new SecretRedactor();
    expect(
      redactor.headers({
        authorization: 'Bearer s3cr3t-token',
        'mcp-session-id': 'abc-123',
        cookie: 'a=b',
        'mcp-protocol-version': '2025-11-25',
      }),
    ).toEqual({
      authorization: `Bearer ${REDACTED}`,
      'mcp-session-id': REDACTED,
      cookie: REDACTED,
      'mcp-protocol-version': '2025-11-25',
    });
  });

  test('replaces values under secret-looking keys, and known secrets anywhere, without changing the input', () => {
    const redactor = new SecretRedactor(['sk-live-123456']);
    const message = {
      params: {
        arguments: { apiKey: 'abc', query: 'uses sk-live-123456 inside', nested: { access_token: 'xyz' } },
        list: ['sk-live-123456'],
      },
    };
    expect(redactor.value(message)).toEqual({
      params: {
        arguments: { apiKey: REDACTED, query: `uses ${REDACTED} inside`, nested: { access_token: REDACTED } },
        list: [REDACTED],
      },
    });
    expect(message.params.arguments.apiKey).toBe('abc');
  });

  test('redacts name=value secrets in a command line', () => {
    const redactor = new SecretRedactor();
    expect(redactor.text('server --api-key=abc --token xyz --port 3000')).toBe(
      `server --api-key=${REDACTED} --token ${REDACTED} --port 3000`,
    );
  });
});
