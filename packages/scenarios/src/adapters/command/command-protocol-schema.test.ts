import { describe, expect, test } from 'vitest';
import { CLIENT_FEATURES } from '../../scenario.js';
import { CLIENT_PHASES } from '../client-phase-error.js';
import { HELLO_DEADLINE_MS, parseProgramLine } from './command-protocol.js';
import { COMMAND_PROTOCOL_SCHEMA, checkAgainst, checkMessage } from './command-protocol-schema.js';

describe('the command-protocol JSON Schema', () => {
  test('lists the same host features and failure phases as the runner', () => {
    const defs = COMMAND_PROTOCOL_SCHEMA.$defs as Record<string, { enum?: unknown[] }>;
    expect(defs.feature!.enum).toEqual([...CLIENT_FEATURES]);
    expect(defs.phase!.enum).toEqual([...CLIENT_PHASES]);
  });

  test('states the handshake deadline the runner applies', () => {
    const defs = COMMAND_PROTOCOL_SCHEMA.$defs as Record<string, { description?: string }>;
    expect(defs.hello!.description).toContain(`(${HELLO_DEADLINE_MS} ms)`);
  });

  test.each([
    { type: 'hello', protocol: 1 },
    {
      type: 'hello',
      protocol: 1,
      name: 'py',
      features: ['multi-server'],
      transports: ['stdio'],
      eras: ['legacy'],
    },
    { type: 'tools', serverId: 'a', tools: [] },
    { type: 'tools', serverId: 'a', tools: [{ name: 'x', inputSchema: { type: 'object' }, extra: 1 }] },
    { type: 'note', text: '' },
    { type: 'warning', serverId: 'a', toolName: 't', message: 'm' },
    { type: 'state', serverId: 'a', state: 'ready' },
    { type: 'tools', serverId: 'a', tools: [{ name: 'x', _meta: { 'ui/resourceUri': 'ui://x' } }] },
    { type: 'resources', serverId: 'a', resources: [{ uri: 'file:///a', name: 'a' }] },
    { type: 'resources', serverId: 'a', resources: [], resourceTemplates: [{ uriTemplate: 'file:///{p}' }] },
    { type: 'prompts', serverId: 'a', prompts: [{ name: 'review', description: 'Review a change' }] },
    { type: 'response', id: 1, ok: true },
    { type: 'response', id: 2, ok: false, error: 'e', code: 'UNSUPPORTED_REQUEST', phase: 'tool-set' },
  ])('accepts the program message %j', (message) => {
    expect(checkMessage('program', message)).toBeUndefined();
  });

  test.each([
    [{ type: 'hello', protocol: 2 }, '/protocol'],
    [{ type: 'hello', protocol: 1, feature: ['x'] }, "unknown field 'feature'"],
    [{ type: 'hello', protocol: 1, transports: ['msw'] }, "'msw' is not a transport"],
    [{ type: 'tools', serverId: '', tools: [] }, '/serverId'],
    [
      { type: 'tools', serverId: 'a', tools: [{ description: 'x' }] },
      "/tools/0 must have required property 'name'",
    ],
    [{ type: 'response', id: 0, ok: true }, '/id'],
    [{ type: 'response', id: 1, ok: false }, "required property 'error'"],
    [{ type: 'response', id: 1, ok: false, error: 'e', phase: 'later' }, "'later' is not a phase"],
    [{ type: 'log', text: 'x' }, 'unknown program message type "log"'],
    [{ type: 'tools', serverId: 'a', tools: [{ name: 'x', _meta: 'not an object' }] }, '/tools/0/_meta'],
    [{ type: 'resources', serverId: 'a', resources: [{ name: 'no uri' }] }, "required property 'uri'"],
    [{ type: 'prompts', serverId: 'a' }, "required property 'prompts'"],
  ])('refuses the program message %j, naming %s', (message, naming) => {
    expect(checkMessage('program', message)?.message).toContain(naming);
  });

  test.each([
    {
      type: 'connect',
      id: 1,
      serverId: 'a',
      transport: 'http',
      url: 'http://127.0.0.1:1/mcp',
      era: 'legacy',
    },
    { type: 'connect', id: 1, serverId: 'a', transport: 'stdio', command: '/usr/bin/node', args: ['-e', ''] },
    {
      type: 'connect',
      id: 1,
      serverId: 'a',
      transport: 'http',
      url: 'http://x/mcp',
      modelUrl: 'later field',
    },
    {
      type: 'connect',
      id: 1,
      serverId: 'a',
      transport: 'http',
      url: 'http://x/mcp',
      model: {
        url: 'http://127.0.0.1:2',
        openai: 'http://127.0.0.1:2/v1',
        anthropic: 'http://127.0.0.1:2',
        gemini: 'http://127.0.0.1:2',
      },
    },
    { type: 'call', id: 2, serverId: 'a', tool: 't', arguments: {} },
    { type: 'restart-client', id: 2 },
    { type: 'agent-turn', id: 2, prompt: 'use the tools', provider: 'openai' },
    { type: 'model-call', id: 3, name: 'n', arguments: {}, provider: 'openai' },
    { type: 'advance-clock', id: 4, ms: 0 },
    { type: 'shutdown' },
  ])('accepts the runner message %j (a program ignores fields it does not know)', (message) => {
    expect(checkMessage('runner', message)).toBeUndefined();
  });

  test.each([
    [
      { type: 'connect', id: 1, serverId: 'a', transport: 'stdio', url: 'http://x' },
      "required property 'command'",
    ],
    [{ type: 'connect', id: 1, serverId: 'a', transport: 'http' }, "required property 'url'"],
    [{ type: 'shutdown', id: 3 }, 'must NOT be valid'],
    [{ type: 'call', id: 1, serverId: 'a', tool: 't' }, "required property 'arguments'"],
  ])('refuses the runner message %j', (message, naming) => {
    expect(checkMessage('runner', message)?.message).toContain(naming);
  });

  test('checks results by the request they answer', () => {
    expect(
      checkAgainst('modelRequestResult', { tools: [{ name: 'a', serverId: 's', toolName: 'a' }] }),
    ).toBeUndefined();
    expect(checkAgainst('modelRequestResult', { tools: [{ name: 'a' }] })?.message).toContain('serverId');
    expect(checkAgainst('modelCallResult', { isError: false })?.message).toContain('text');
    expect(checkAgainst('callResult', { isError: 'no' })?.pointer).toBe('/isError');
  });

  test('parseProgramLine refuses what the schema refuses, naming the message type and the rule', () => {
    expect(parseProgramLine('not json')).toEqual({ invalid: 'not JSON' });
    expect(parseProgramLine('{"type":"hello","protocol":1,"features":["teleport"]}')).toMatchObject({
      invalid: expect.stringContaining("hello: /features/0: 'teleport' is not a feature"),
    });
    expect(parseProgramLine('{"type":"note","text":"ok"}')).toEqual({ type: 'note', text: 'ok' });
  });
});
