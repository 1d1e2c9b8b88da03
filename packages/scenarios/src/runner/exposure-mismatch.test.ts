import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { describeExposureMismatch } from './exposure-mismatch.js';

const schema = { type: 'object', properties: { query: { type: 'string' } } };
const server = createFakeServer(
  scriptBuilder('mismatch')
    .tools({ name: 'alpha', inputSchema: schema }, { name: 'beta', inputSchema: schema })
    .build(),
);
const exposed = (...tools: Array<{ name: string; inputSchema?: unknown }>) =>
  tools.map((tool) => ({ serverId: 'primary', ...tool }));

test('names what is missing, extra or repeated, never listing two equal sets as a difference', () => {
  expect(describeExposureMismatch(exposed({ name: 'alpha' }), server, 'primary')).toBe(
    "the client's exposure for primary lacks [beta], while the server holds [alpha, beta] (catalog revision 1)",
  );
  expect(
    describeExposureMismatch(
      exposed({ name: 'alpha' }, { name: 'beta' }, { name: 'beta' }, { name: 'gamma' }),
      server,
      'primary',
    ),
  ).toBe(
    "the client's exposure for primary has [gamma] the server no longer or never held; exposes [beta] more than once, while the server holds [alpha, beta] (catalog revision 1)",
  );
  expect(describeExposureMismatch(undefined, server, 'primary')).toBe(
    'the client has exposed no tool set yet, while the server holds [alpha, beta] (catalog revision 1)',
  );
});

test('with the same names, says which schemas differ; with the same schemas too, nothing differs', () => {
  expect(
    describeExposureMismatch(
      exposed(
        { name: 'alpha', inputSchema: { ...schema, additionalProperties: true } },
        { name: 'beta', inputSchema: schema },
      ),
      server,
      'primary',
    ),
  ).toBe(
    "the client's exposure for primary exposes the right names, but the input schema of [alpha] differs from the one the server serves, while the server holds [alpha, beta] (catalog revision 1)",
  );
  expect(
    describeExposureMismatch(
      exposed({ name: 'beta' }, { name: 'alpha', inputSchema: schema }),
      server,
      'primary',
    ),
  ).toBeUndefined();
});
