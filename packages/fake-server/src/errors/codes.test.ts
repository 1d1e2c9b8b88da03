import { describe, expect, it } from 'vitest';
import { FAKE_SERVER_ERROR_CODES } from './codes.js';
import { ScriptError } from './script-error.js';
import { isToolshiftError, ToolshiftError } from './toolshift-error.js';

describe('error codes', () => {
  it('are pinned: codes are never renamed or reused (append new ones at the end)', () => {
    expect(FAKE_SERVER_ERROR_CODES).toEqual([
      'SCRIPT_INVALID',
      'SCRIPT_UNKNOWN_TOOL',
      'SCRIPT_UNKNOWN_STEP',
      'FAULT_UNSUPPORTED_BY_TRANSPORT',
      'STEP_FAILED',
      'ADMIN_STEP_REJECTED',
      'WAIT_TIMED_OUT',
      'TRANSPORT_FAILED',
      'ADMIN_REQUEST_INVALID',
      'ADMIN_INTERNAL_ERROR',
      'ADMIN_FORBIDDEN',
      'ADMIN_UNAUTHORIZED',
      'ADMIN_UNSUPPORTED_MEDIA_TYPE',
      'SCRIPT_UNREACHABLE',
      'PROXY_UPSTREAM_UNAVAILABLE',
      'PROXY_OVERLAY_CONFLICT',
    ]);
  });

  it('are checked through isToolshiftError, which also recognises a structural copy from another package instance', () => {
    const error = new ScriptError('SCRIPT_INVALID', 'bad', 's.yaml', '/steps/0', 'minimum');
    expect(isToolshiftError(error, 'SCRIPT_INVALID')).toBe(true);
    expect(isToolshiftError(error, 'STEP_FAILED')).toBe(false);
    expect(error.data).toEqual({ source: 's.yaml', pointer: '/steps/0', rule: 'minimum' });
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('toolshift.error')]: true,
      code: 'STEP_FAILED',
    });
    expect(isToolshiftError(foreign, 'STEP_FAILED')).toBe(true);
    expect(isToolshiftError(new ToolshiftError('WAIT_TIMED_OUT', 'late'))).toBe(true);
    expect(isToolshiftError(new Error('plain'))).toBe(false);
  });
});
