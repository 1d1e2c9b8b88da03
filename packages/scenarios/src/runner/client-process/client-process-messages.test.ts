import { expect, test } from 'vitest';
import { answerProblem, checkFromClientProcess } from './client-process-messages.js';

test('messages of the protocol pass as they are', () => {
  const observe = {
    type: 'observe',
    observer: 3,
    observation: {
      kind: 'exposure',
      tools: [{ serverId: 'primary', name: 'search', inputSchema: { type: 'object' } }],
    },
  };
  expect(checkFromClientProcess(observe)).toEqual(observe);
  expect(
    checkFromClientProcess({ type: 'answer', id: 4, ok: false, error: 'boom', phase: 'tool-set' }),
  ).toMatchObject({
    ok: false,
  });
});

test('a result, a status or a verdict is no message a client process can send', () => {
  expect(checkFromClientProcess({ type: 'cell-result', id: 1, result: { rawStatus: 'pass' } })).toEqual({
    refused: 'an unknown message type "cell-result"',
  });
  expect(checkFromClientProcess({ type: 'answer', id: 1, ok: true, rawStatus: 'pass' })).toEqual({
    refused: "a message of type 'answer' whose / must NOT have additional properties",
  });
  expect(
    checkFromClientProcess({
      type: 'observe',
      observer: 1,
      observation: { kind: 'verdict', status: 'pass' },
    }),
  ).toHaveProperty('refused');
  expect(checkFromClientProcess('alive')).toEqual({ refused: 'an unknown message type null' });
  expect(
    checkFromClientProcess({
      type: 'observe',
      observer: 1,
      observation: { kind: 'exposure', tools: new Set() },
    }),
  ).toEqual({
    refused: 'not plain data: /observation/tools is a Set',
  });
});

test("an adapter method's answer must have the method's shape", () => {
  expect(answerProblem('callTool', { ok: true, result: { content: [] } })).toBeUndefined();
  expect(answerProblem('callTool', { ok: 'yes' })).toBeDefined();
  expect(answerProblem('serverState', { state: 'ready' })).toBeUndefined();
  expect(answerProblem('serverState', 'ready')).toBeDefined();
  expect(answerProblem('modelRequest', { tools: [{ name: 'a' }], withheld: [] })).toBeDefined();
  expect(answerProblem('agentTurn', undefined)).toBeUndefined();
  expect(answerProblem('create', { methods: ['connect', 'evaluate'] })).toBeDefined();
});

test("a module's clients may leave out the description and declare capabilities toolshift does not read", () => {
  const loaded = {
    type: 'loaded',
    clients: [
      {
        name: 'mine',
        kind: 'external',
        description: undefined,
        capabilities: { transports: ['http'], features: [], note: 'x' },
      },
    ],
  };
  expect(checkFromClientProcess(loaded)).toEqual(loaded);
  expect(checkFromClientProcess({ ...loaded, clients: [{ name: 'mine', kind: 'unusual' }] })).toHaveProperty(
    'refused',
  );
});
