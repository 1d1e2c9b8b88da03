import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { noSilentRedirect } from './no-silent-redirect.js';

describe('execution.no-silent-redirect', () => {
  test('passes when each tools/call names the tool asked for (and an unknown tool is refused locally)', () => {
    const h = new History();
    h.callObservation('read_file', {}, () => h.call('read_file', {}));
    h.callObservation('delete_file', {}, () => {}, { ok: false });
    expect(noSilentRedirect.check(h.record()).status).toBe('pass');
  });

  test('fails when a call to an unknown tool runs a similarly named one', () => {
    const h = new History();
    let seq = 0;
    h.callObservation('delete_file', {}, () => {
      seq = h.call('delete_files', {}).request.seq;
    });
    const verdict = noSilentRedirect.check(h.record());
    expect(verdict).toMatchObject({ status: 'fail', evidence: [{ seq }] });
    expect(verdict.message).toContain("'delete_file'");
    expect(verdict.message).toContain("'delete_files'");
  });
});
