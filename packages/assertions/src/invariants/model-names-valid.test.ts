import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelNamesValid } from './model-names-valid.js';

test('model.names-valid passes short unique names and fails long, illegal or duplicate ones', () => {
  const ok = new History();
  ok.observations.push(
    modelRequest(0, [
      modelTool('a__send_email', 'a', 'send_email'),
      modelTool('b__send_email', 'b', 'send_email'),
    ]),
  );
  expect(modelNamesValid.check(ok.record()).status).toBe('pass');

  const long = new History();
  long.observations.push(modelRequest(0, [modelTool(`srv__${'x'.repeat(64)}`, 'srv', 'x'.repeat(64))]));
  expect(modelNamesValid.check(long.record())).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('69 characters'),
  });

  const dup = new History();
  dup.observations.push(
    modelRequest(0, [modelTool('send_email', 'a', 'send_email'), modelTool('send_email', 'b', 'send_email')]),
  );
  expect(modelNamesValid.check(dup.record())).toMatchObject({
    status: 'fail',
    nearMiss: expect.stringContaining('shadows'),
  });

  expect(modelNamesValid.check(ok.record(), { pattern: '^[a-z_]{1,10}$' }).status).toBe('fail');
  expect(modelNamesValid.check(new History().record()).status).toBe('inconclusive');
});

test('model.names-valid fails one tool offered under two names (issue 9, point 5)', () => {
  const h = new History();
  h.observations.push(
    modelRequest(0, [
      modelTool('send_email', 'a', 'send_email'),
      modelTool('a__send_email', 'a', 'send_email'),
    ]),
  );
  expect(modelNamesValid.check(h.record())).toMatchObject({
    status: 'fail',
    message: expect.stringContaining('a/send_email is offered twice in one model request'),
  });
});

test('the near miss says "unshortened" only for a name that is too long (issue 9, point 12)', () => {
  const h = new History();
  h.observations.push(modelRequest(0, [modelTool('mail.send', 'a', 'mail.send')]));
  expect(modelNamesValid.check(h.record()).nearMiss).toBe(
    'the name holds characters the provider rejects; it would refuse the whole request',
  );
});
