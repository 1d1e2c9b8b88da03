// Regression (issue 27, reference client hygiene): a 200 KB response header was classified
// `network-unreachable` (the server answered, just not within HTTP's limits: a malformed response);
// `DiscoveryHost` sent back session ids outside visible ASCII (`abc\xff\xfe`, or two Mcp-Session-Id
// headers joined as `one, two`); and server-controlled strings reached `DiscoveryWarning.message`
// and error messages raw, so ANSI escapes, LF and NUL from a tool name or an error message reached
// a host's terminal or log, at any length. Each is now classified, refused or escaped and bounded.
import { describe, expect, it } from 'vitest';
import {
  DiscoveryHost,
  type DiscoveryHostOptions,
  type DiscoveryWarning,
  isToolshiftError,
} from '../../src/index.js';
import { type HostilePeerOptions, startHostilePeer } from '../integration/hostile-peer.js';
import { testResources } from '../integration/test-resources.js';

const cleanup = testResources();

async function peer(options: HostilePeerOptions) {
  const started = await startHostilePeer(options);
  cleanup.push(() => started.close());
  return started;
}

function host(options: Partial<DiscoveryHostOptions> = {}) {
  const warnings: DiscoveryWarning[] = [];
  const created = new DiscoveryHost({
    clientInfo: { name: 'hostile-strings', version: '1.0.0' },
    permissions: { defaultDecision: 'allow' },
    ...options,
  });
  created.onWarning((warning) => warnings.push(warning));
  cleanup.push(() => created.close());
  return { host: created, warnings };
}

/** Nothing a terminal would act on: no C0 or C1 control, no DEL, no line or paragraph separator, no bidi override. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'evil\u001b[31mRED\u001b[0m\nforged line\u0000nul\u009b2J\u202eabc';

describe('a 200 KB response header', () => {
  it('is a malformed response (the server answered), not network-unreachable', async () => {
    const server = await peer({
      on: {
        'tools/list': (_request, res) => {
          res.setHeader('x-padding', 'a'.repeat(200 * 1024));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return true;
        },
      },
    });
    const state = await host().host.addServer({ serverId: 'big', url: server.url, era: 'legacy' });
    expect(state).toMatchObject({
      state: 'failed',
      failure: { kind: 'malformed-response', reason: 'header-overflow' },
    });
  });
});

describe('a session id outside visible ASCII', () => {
  for (const [label, header] of [
    ['abc\\xff\\xfe', 'abc\xff\xfe'],
    ['one, two (two headers)', ['one', 'two']],
    ['with a space', 'with space'],
  ] as const) {
    it(`is refused with a classified error and never sent back: ${label}`, async () => {
      const server = await peer({
        eras: ['legacy'],
        on: {
          initialize: (request, res, self) => {
            res.setHeader('mcp-session-id', header as string | string[]);
            self.reply(res, request, {
              protocolVersion: '2025-11-25',
              capabilities: { tools: {} },
              serverInfo: { name: 'hostile', version: '1.0.0' },
            });
            return true;
          },
        },
      });
      const state = await host().host.addServer({ serverId: 'sid', url: server.url, era: 'legacy' });
      expect(state).toMatchObject({
        state: 'failed',
        failure: { kind: 'malformed-response', reason: 'invalid-session-id' },
      });
      expect(state.failure!.message).not.toMatch(UNSAFE);
      // The client never echoed the id on a request.
      expect(server.requests.filter((r) => r.headers['mcp-session-id'] !== undefined)).toEqual([]);
    });
  }
});

describe('server-controlled strings in warnings and errors', () => {
  it('a hostile tool name reaches DiscoveryWarning.message escaped (\\u001b, \\n, \\u0000) and bounded', async () => {
    const long = `x${'\u001b'.repeat(3)}${'n'.repeat(10 * 1024)}`;
    // Names outside the spec's rule are excluded, each with a tool-excluded warning naming it.
    const server = await peer({
      tools: [
        { name: HOSTILE, inputSchema: { type: 'object' } },
        { name: long, inputSchema: { type: 'object' } },
      ],
    });
    const { host: created, warnings } = host();
    await created.addServer({ serverId: 'names', url: server.url, era: 'legacy' });
    const hostile = warnings.find((w) => w.kind === 'tool-excluded' && w.toolName === HOSTILE)!;
    // (The gate keeps the first 256 characters of an overlong name as the excluded entry's name.)
    const tooLong = warnings.find((w) => w.kind === 'tool-excluded' && long.startsWith(w.toolName ?? '-'))!;
    // The data keeps the exact name; the message a host prints or logs does not carry it raw.
    for (const warning of [hostile, tooLong]) expect(warning.message).not.toMatch(UNSAFE);
    expect(hostile.message).toContain(
      'evil\\u001b[31mRED\\u001b[0m\\nforged line\\u0000nul\\u009b2J\\u202eabc',
    );
    expect(tooLong.message.length).toBeLessThan(1_000);
    expect(tooLong.message).toContain('x\\u001b\\u001b\\u001bnnn');
    expect(tooLong.message).toMatch(/… \(\d+ more characters\)/);
  });

  it('a hostile JSON-RPC error message reaches the failure and the call error escaped and bounded', async () => {
    const server = await peer({
      tools: [{ name: 'search', inputSchema: { type: 'object' } }],
      on: {
        'tools/call': (request, res, self) => {
          self.error(res, request, 200, -32603, `${HOSTILE}${'z'.repeat(10 * 1024)}`);
          return true;
        },
      },
    });
    const { host: created } = host();
    await created.addServer({ serverId: 'errs', url: server.url, era: 'legacy' });
    const error = await created.callTool({ serverId: 'errs', toolName: 'search', arguments: {} }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(isToolshiftError(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).not.toMatch(UNSAFE);
    expect(message).toContain('evil\\u001b[31mRED');
    expect(message.length).toBeLessThan(2_000);
    const failure = (error as { data: { failure?: { message: string } } }).data.failure;
    if (failure) expect(failure.message).not.toMatch(UNSAFE);
  });
});
