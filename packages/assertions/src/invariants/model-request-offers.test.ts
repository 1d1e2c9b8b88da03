import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelRequestOffers } from './model-request-offers.js';

test('model.request-offers checks the latest model request only', () => {
  const h = new History();
  h.listing([{ name: 'enable' }, { name: 'tool_1' }]);
  h.observations.push(modelRequest(0, [modelTool('p__enable', 'primary', 'enable')]));
  expect(modelRequestOffers.check(h.record(), { includes: ['tool_1'] }).status).toBe('fail');
  h.observations.push(
    modelRequest(0, [
      modelTool('p__enable', 'primary', 'enable'),
      modelTool('p__tool_1', 'primary', 'tool_1'),
    ]),
  );
  expect(modelRequestOffers.check(h.record(), { includes: ['tool_1'], excludes: ['gone'] }).status).toBe(
    'pass',
  );
  expect(modelRequestOffers.check(h.record(), { excludes: ['enable'] }).message).toContain(
    "still offers 'enable'",
  );
});

test('model.request-offers judges only the names this server offered, so an unnarrowed check works on every server', () => {
  const h = new History('modern', 'b');
  h.listing([{ name: 'beta' }]);
  h.observations.push(
    modelRequest(h.lastSeq, [modelTool('a__alpha', 'a', 'alpha'), modelTool('b__beta', 'b', 'beta')]),
  );
  const record = h.record();
  const twoServers = {
    ...record,
    servers: {
      a: {
        transcript: [],
        finalCatalog: { catalogRevision: 1, tools: [{ name: 'alpha', inputSchema: {} }] },
      },
      b: { transcript: record.transcript, finalCatalog: record.finalCatalog },
    },
  };
  // 'alpha' is server a's: on b it is not missing, it is not b's concern.
  expect(modelRequestOffers.check(twoServers, { includes: ['alpha'] }).status).toBe('inconclusive');
  expect(modelRequestOffers.check(twoServers, { includes: ['alpha', 'beta'] }).status).toBe('pass');
  // With b alone, a name it never offered is simply missing.
  expect(modelRequestOffers.check(record, { includes: ['alpha'] }).status).toBe('fail');
});

test('model.request-offers fails a request offering one of its tools twice (issue 9, point 5)', () => {
  const h = new History();
  h.listing([{ name: 'alpha' }]);
  h.observations.push(
    modelRequest(h.lastSeq, [
      modelTool('alpha', 'primary', 'alpha'),
      modelTool('alpha_2', 'primary', 'alpha'),
    ]),
  );
  expect(modelRequestOffers.check(h.record(), { includes: ['alpha'] }).message).toContain("'alpha' 2 times");
});

test('the near miss names a reason the client gave instead of "the registry had not caught up" (issue 9, point 12)', () => {
  const h = new History();
  h.listing([{ name: 'fetch_source' }, { name: 'list_docs' }]);
  h.observations.push(
    modelRequest(h.lastSeq, [modelTool('list_docs', 'primary', 'list_docs')], {
      withheld: [{ serverId: 'primary', toolName: 'fetch_source', reason: 'root-union' }],
    }),
  );
  expect(modelRequestOffers.check(h.record(), { includes: ['fetch_source'] }).nearMiss).toBe(
    "the client withheld it with a reason: 'fetch_source' withheld (root-union)",
  );
});

test('model.request-offers with excludesInStrictMode owes the exclusion only by a request in strict mode', () => {
  const params = { includes: ['search'], excludes: ['fetch'], excludesInStrictMode: true };
  const offering = (extra: { strictTools?: number }) => {
    const h = new History();
    h.listing([{ name: 'search' }, { name: 'fetch' }]);
    h.observations.push(
      modelRequest(
        h.lastSeq,
        [modelTool('search', 'primary', 'search'), modelTool('fetch', 'primary', 'fetch')],
        extra,
      ),
    );
    return modelRequestOffers.check(h.record(), params);
  };
  // Read from the wire with no strict tool: a host that does not use strict mode may send fetch as is.
  const plain = offering({ strictTools: 0 });
  expect(plain.status).toBe('pass');
  expect(plain.message).toContain('marks no tool strict');
  // In strict mode (some tool strict), or when the runner built the request itself, fetch must go.
  expect(offering({ strictTools: 1 }).message).toContain("still offers 'fetch'");
  expect(offering({}).status).toBe('fail');
  // Without the parameter a non-strict request is held to the excludes too.
  const h = new History();
  h.listing([{ name: 'fetch' }]);
  h.observations.push(modelRequest(h.lastSeq, [modelTool('fetch', 'primary', 'fetch')], { strictTools: 0 }));
  expect(modelRequestOffers.check(h.record(), { excludes: ['fetch'] }).status).toBe('fail');
  expect(
    modelRequestOffers.validateParams!({ excludes: ['fetch'], excludesInStrictMode: 'yes' }),
  ).toBeDefined();
});
