import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { invalidSchemaReported } from './invalid-schema-reported.js';

test('registry.invalid-schema-reported wants the tool out of every exposure and a warning naming it', () => {
  const good = new History();
  good.expose([{ name: 'ok' }]);
  good.observations.push({
    kind: 'warning',
    afterSeq: 0,
    serverId: 'primary',
    toolName: 'broken',
    message: 'excluded broken: invalid-schema',
  });
  expect(invalidSchemaReported.check(good.record(), { tool: 'broken' }).status).toBe('pass');

  const exposed = new History();
  exposed.expose([{ name: 'ok' }, { name: 'broken' }]);
  expect(invalidSchemaReported.check(exposed.record(), { tool: 'broken' }).message).toContain('was exposed');

  const silent = new History();
  silent.listing([{ name: 'ok' }, { name: 'broken' }]);
  silent.expose([{ name: 'ok' }]);
  expect(invalidSchemaReported.check(silent.record(), { tool: 'broken' }).message).toContain('silently');
});

test('registry.invalid-schema-reported has nothing to judge when no listing carried the tool (issue 9, point 13)', () => {
  const never = new History();
  never.listing([{ name: 'ok' }]);
  never.expose([{ name: 'ok' }]);
  expect(invalidSchemaReported.check(never.record(), { tool: 'broken' })).toMatchObject({
    status: 'inconclusive',
    message: expect.stringContaining("carried 'broken'"),
  });
});
