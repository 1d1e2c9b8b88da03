import { expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelToolDefinitionSound } from './model-tool-definition-sound.js';

const check = (parameters: unknown, rule: string, extra = {}) => {
  const h = new History();
  h.listing([{ name: 't' }]);
  h.observations.push(modelRequest(h.lastSeq, [modelTool('p__t', 'primary', 't', parameters)], extra));
  return modelToolDefinitionSound.check(h.record(), { tool: 't', rule }).status;
};

test('model.tool-definition-sound checks the offered parameters against the rule', () => {
  expect(check({ type: 'object', properties: { tags: { type: 'array' } } }, 'array-items')).toBe('fail');
  expect(check({ type: 'object', properties: { tags: { type: 'array', items: {} } } }, 'array-items')).toBe(
    'pass',
  );
  expect(check({ type: 'object', properties: { q: {} }, required: ['q', 'limit'] }, 'required-defined')).toBe(
    'fail',
  );
  expect(check({ type: 'object', properties: { q: {} }, required: ['q'] }, 'required-defined')).toBe('pass');
  expect(check({ type: 'object', properties: { i: { $ref: '#/$defs/Item' } } }, 'refs-resolve')).toBe('fail');
  expect(
    check(
      { type: 'object', properties: { i: { $ref: '#/$defs/Item' } }, $defs: { Item: {} } },
      'refs-resolve',
    ),
  ).toBe('pass');
});

test('model.tool-definition-sound accepts a reported exclusion and fails a silent one', () => {
  const withheld = new History();
  withheld.listing([{ name: 't' }]);
  withheld.observations.push(
    modelRequest(0, [], { withheld: [{ serverId: 'primary', toolName: 't', reason: 'adaptation-failed' }] }),
  );
  expect(modelToolDefinitionSound.check(withheld.record(), { tool: 't', rule: 'refs-resolve' }).status).toBe(
    'pass',
  );
  const silent = new History();
  silent.listing([{ name: 't' }]);
  silent.observations.push(modelRequest(0, []));
  expect(modelToolDefinitionSound.check(silent.record(), { tool: 't', rule: 'refs-resolve' }).status).toBe(
    'fail',
  );
  expect(modelToolDefinitionSound.validateParams!({ tool: 't', rule: 'nope' })).toContain('must be one of');
});

test('model.tool-definition-sound is inconclusive on a server that never offered the tool (issue 9, point 13)', () => {
  const other = new History('modern', 'other');
  other.listing([{ name: 'u' }]);
  other.observations.push(modelRequest(other.lastSeq, [modelTool('u', 'other', 'u')]));
  // Two servers: 't' is the other one's. Before, a check no server narrowed failed here: "'t' is missing from the model request".
  const record = other.record();
  const servers = {
    other: { transcript: record.transcript, finalCatalog: record.finalCatalog },
    primary: {
      transcript: [],
      finalCatalog: { catalogRevision: 1, tools: [{ name: 't', inputSchema: {} }] },
    },
  };
  expect(
    modelToolDefinitionSound.check({ ...record, servers }, { tool: 't', rule: 'refs-resolve' }),
  ).toMatchObject({
    status: 'inconclusive',
    message: "other: this server never offered 't'.",
  });
  // With one server a tool it never offered is a plain miss.
  expect(modelToolDefinitionSound.check(record, { tool: 't', rule: 'refs-resolve' }).status).toBe('fail');
});
