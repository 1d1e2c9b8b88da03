import { expect, test } from 'vitest';
import { modelNames } from './model-names.js';

const tools = [
  { serverId: 'work', toolName: 'send_email' },
  { serverId: 'personal', toolName: 'send_email' },
  { serverId: 'work', toolName: 'list.events' },
];

test('plain names keep the MCP name and prefix only the names two servers share', () => {
  const { names, refused } = modelNames(tools, 'plain');
  expect([...names.keys()]).toEqual(['work__send_email', 'personal__send_email', 'list_events']);
  expect(refused).toEqual([]);
});

test('prefixed names always carry the server, and refuse-collisions leaves shared names unnamed', () => {
  expect([...modelNames(tools, 'prefixed').names.keys()]).toEqual([
    'work__send_email',
    'personal__send_email',
    'work__list_events',
  ]);
  const refusing = modelNames(tools, 'refuse-collisions');
  expect([...refusing.names.keys()]).toEqual(['list_events']);
  expect(refusing.refused.map((tool) => tool.serverId)).toEqual(['work', 'personal']);
});

test('names over 64 characters are shortened with a hash, stay unique and fit the provider rule', () => {
  const long = 'x'.repeat(70);
  const { names } = modelNames(
    [
      { serverId: 'acme-analytics-conn1', toolName: `${long}_a` },
      { serverId: 'acme-analytics-conn1', toolName: `${long}_b` },
    ],
    'prefixed',
  );
  expect(names.size).toBe(2);
  for (const name of names.keys()) expect(name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
});
