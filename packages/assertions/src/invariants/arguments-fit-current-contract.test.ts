import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { argumentsFitCurrentContract } from './arguments-fit-current-contract.js';

const old = { type: 'object', properties: { duration: { type: 'string' } }, required: ['duration'] };
const renamed = {
  type: 'object',
  properties: { lookback: { type: 'string' } },
  required: ['lookback'],
  additionalProperties: false,
};

function history(): History {
  const h = new History();
  h.listing([{ name: 'count', inputSchema: old }]);
  h.expose([{ name: 'count', inputSchema: old }]);
  h.change();
  h.listing([{ name: 'count', inputSchema: renamed }]);
  h.expose([{ name: 'count', inputSchema: renamed }]);
  // Something happens after the new contract was exposed, so the call starts strictly after it.
  h.frame({ direction: 'server', kind: 'note', streamId: 'world', note: 'later' });
  return h;
}

describe('execution.arguments-fit-current-contract', () => {
  test('passes when the call carries arguments for the contract in force', () => {
    const h = history();
    h.callObservation('count', { lookback: '1h' }, () => h.call('count', { lookback: '1h' }));
    expect(argumentsFitCurrentContract.check(h.record()).status).toBe('pass');
  });

  test('fails when arguments built for the old contract are sent after the new one arrived', () => {
    const h = history();
    let seq = 0;
    h.callObservation('count', { duration: '1h' }, () => {
      seq = h.call('count', { duration: '1h' }).request.seq;
    });
    const verdict = argumentsFitCurrentContract.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.at(-1)!.seq).toBe(seq);
    expect(verdict.evidence[0]!.note).toContain('lookback');
  });

  test('accepts the contract in force when the call began, even if a newer one landed before the request left', () => {
    const h = new History();
    h.listing([{ name: 'count', inputSchema: old }]);
    h.expose([{ name: 'count', inputSchema: old }]);
    h.callObservation('count', { duration: '1h' }, () => {
      h.change();
      h.listing([{ name: 'count', inputSchema: renamed }]);
      h.expose([{ name: 'count', inputSchema: renamed }]);
      h.call('count', { duration: '1h' });
    });
    expect(argumentsFitCurrentContract.check(h.record()).status).toBe('pass');
  });
});

test('the near miss blames an older contract only when one accepted the arguments (issue 9, point 12)', () => {
  const stale = history();
  stale.callObservation('count', { duration: '1h' }, () => stale.call('count', { duration: '1h' }));
  expect(argumentsFitCurrentContract.check(stale.record()).nearMiss).toContain('older contract');
  const neither = history();
  neither.callObservation('count', { nothing: 1 }, () => neither.call('count', { nothing: 1 }));
  expect(argumentsFitCurrentContract.check(neither.record()).nearMiss).toBe(
    'the arguments fit no contract the client exposed for this tool; they were sent unvalidated',
  );
});

test('a call for the server’s current contract, which the client never listed, is not a stale call; a stale one still fails', () => {
  // The client holds the old contract only (it ignored the change); the host calls with the new argument.
  const h = new History();
  h.listing([{ name: 'count', inputSchema: old }]);
  h.expose([{ name: 'count', inputSchema: old }]);
  h.change();
  h.frame({ direction: 'server', kind: 'note', streamId: 'world', note: 'later' });
  h.callObservation('count', { lookback: '1h' }, () => h.call('count', { lookback: '1h' }));
  const run = {
    ...h.record(),
    finalCatalog: { catalogRevision: 2, tools: [{ name: 'count', inputSchema: renamed }] },
  };
  const verdict = argumentsFitCurrentContract.check(run);
  expect(verdict.status).toBe('inconclusive');
  // The same call where the server's contract rejects it too: sent unvalidated, a failure.
  h.callObservation('count', { nothing: 1 }, () => h.call('count', { nothing: 1 }));
  const withBad = { ...h.record(), finalCatalog: run.finalCatalog };
  expect(argumentsFitCurrentContract.check(withBad).status).toBe('fail');
});
