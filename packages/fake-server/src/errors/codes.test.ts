import { expect, test } from 'vitest';
import { FAKE_SERVER_ERROR_CODES } from './codes.js';

test('error codes are never renamed or removed (append only)', () => {
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
  ]);
});
