import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { callsOnlyListedTools } from './calls-only-listed-tools.js';

describe('execution.calls-only-listed-tools', () => {
  test('passes when every call names an exposed tool', () => {
    const h = new History();
    h.listing([{ name: 'read_file' }]);
    h.expose([{ name: 'read_file' }]);
    h.callObservation('read_file', {}, () => h.call('read_file', {}));
    expect(callsOnlyListedTools.check(h.record()).status).toBe('pass');
  });

  test('fails when a made-up name is forwarded to the server', () => {
    const h = new History();
    h.listing([{ name: 'read_file' }, { name: 'write_file' }]);
    h.expose([{ name: 'read_file' }, { name: 'write_file' }]);
    let seq = 0;
    h.callObservation('delete_file', {}, () => {
      seq = h.call('delete_file', {}).request.seq;
    });
    const verdict = callsOnlyListedTools.check(h.record());
    expect(verdict).toMatchObject({ status: 'fail', evidence: [{}, { seq }] });
    expect(verdict.evidence[0]!.note).toContain('read_file, write_file');
  });
});
