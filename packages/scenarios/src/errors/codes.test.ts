import { expect, test } from 'vitest';
import { SCENARIOS_ERROR_CODES } from './codes.js';

test('the error codes are pinned: never renamed, never reused', () => {
  expect(SCENARIOS_ERROR_CODES).toEqual([
    'SCENARIO_INVALID',
    'SCENARIO_FILE_UNREADABLE',
    'BASELINE_INVALID',
    'CLIENT_HANDSHAKE_FAILED',
    'CLIENT_MODULE_INVALID',
    'REPORTS_NOT_MERGEABLE',
    'REPORT_VIEWER_MISSING',
    'DRIVER_MANIFEST_INVALID',
    'REPORT_WRITE_FAILED',
  ]);
});
