import { describe, expect, it } from 'vitest';
import { REFERENCE_CLIENT_ERROR_CODES } from './codes.js';
import { isToolshiftError, ToolshiftError } from './toolshift-error.js';

describe('reference client error codes', () => {
  it('are pinned: never renamed, reordered or reused', () => {
    expect(REFERENCE_CLIENT_ERROR_CODES).toEqual([
      'HOST_INVALID_CONFIG',
      'HOST_DUPLICATE_SERVER',
      'HOST_UNKNOWN_SERVER',
      'HOST_CLOSED',
      'SERVER_NOT_READY',
      'SERVER_AUTHORIZATION_FAILED',
      'TOOL_UNAVAILABLE',
      'TOOL_ARGUMENTS_INVALID',
      'TOOL_SCHEMA_UNUSABLE',
      'TOOL_PERMISSION_DENIED',
      'TOOL_CONTRACT_STALE',
      'TOOL_CALL_FAILED',
      'TOOL_OUTPUT_INVALID',
      'PROVIDER_UNKNOWN',
      'PROVIDER_ALIAS_UNKNOWN',
      'PROVIDER_TOOL_LIMIT',
    ]);
  });

  it('are SCREAMING_SNAKE with a domain prefix', () => {
    for (const code of REFERENCE_CLIENT_ERROR_CODES)
      expect(code).toMatch(/^(HOST|SERVER|TOOL|PROVIDER)_[A-Z_]+$/);
  });

  it('are recognised by brand, across copies, with or without a code', () => {
    const error = new ToolshiftError('HOST_CLOSED', 'closed', {});
    expect(isToolshiftError(error)).toBe(true);
    expect(isToolshiftError(error, 'HOST_CLOSED')).toBe(true);
    expect(isToolshiftError(error, 'TOOL_UNAVAILABLE')).toBe(false);
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('toolshift.error')]: true,
      code: 'HOST_CLOSED',
    });
    expect(isToolshiftError(foreign, 'HOST_CLOSED')).toBe(true);
    expect(isToolshiftError(new Error('plain'))).toBe(false);
    expect(isToolshiftError(null)).toBe(false);
  });
});
