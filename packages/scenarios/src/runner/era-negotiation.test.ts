import { expect, test } from 'vitest';
import type { CheckVerdict } from './cell.js';
import { setAsideEraConsequences } from './era-negotiation.js';

const verdict = (checkId: string, status: CheckVerdict['status'], serverId?: string): CheckVerdict => ({
  invariantId: checkId,
  checkId,
  status,
  message: `${checkId} said so.`,
  evidence: [{ seq: 3, note: 'x' }],
  ...(serverId ? { serverId } : {}),
});

test('failures on a connection whose era negotiation failed are set aside as inconclusive; others stay', () => {
  const era = { ...verdict('runner.era-negotiated', 'fail', 'old'), message: 'old: never completed…' };
  const result = setAsideEraConsequences(
    [
      verdict('registry.matches-final-catalog', 'fail', 'old'),
      verdict('registry.final-exposure', 'fail', 'new'),
      verdict('calls.current-tools-callable', 'pass', 'old'),
      verdict('runner.client-connected', 'fail'),
    ],
    [era],
  );
  expect(result.map((v) => v.status)).toEqual(['inconclusive', 'fail', 'pass', 'fail']);
  expect(result[0]!.message).toBe(
    'Not judged: the client never negotiated an era with old (runner.era-negotiated). It would fail with: registry.matches-final-catalog said so.',
  );
  expect(result[0]!.evidence).toEqual([{ seq: 3, note: 'x' }]);
  expect(setAsideEraConsequences([verdict('a', 'fail', 'old')], [])[0]!.status).toBe('fail');
});
