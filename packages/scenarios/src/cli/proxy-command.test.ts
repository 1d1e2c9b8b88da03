import { describe, expect, test } from 'vitest';
import { upstreamTarget } from './proxy-command.js';

describe('toolshift proxy: the upstream on the command line', () => {
  test('an http(s) URL with headers, or a command', () => {
    expect(
      upstreamTarget({
        upstream: 'http://127.0.0.1:3000/mcp',
        upstreamHeader: ['Authorization: Bearer abc'],
      }),
    ).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { authorization: 'Bearer abc' },
    });
    expect(upstreamTarget({ upstreamCommand: ' python server.py ' })).toEqual({
      kind: 'stdio',
      command: 'python server.py',
    });
  });

  test('refuses none or both, a URL that is not http(s), a malformed header, and headers for a command', () => {
    expect(() => upstreamTarget({})).toThrow(/exactly one of --upstream <url>/);
    expect(() => upstreamTarget({ upstream: 'http://x/mcp', upstreamCommand: 'srv' })).toThrow(/exactly one/);
    expect(() => upstreamTarget({ upstream: 'ftp://x/mcp' })).toThrow(
      /--upstream must be an http\(s\) URL \(got 'ftp:\/\/x\/mcp'\)/,
    );
    expect(() => upstreamTarget({ upstream: 'http://x/mcp', upstreamHeader: ['no colon'] })).toThrow(
      /--upstream-header must be 'Name: value'/,
    );
    expect(() => upstreamTarget({ upstreamCommand: 'srv', upstreamHeader: ['A: b'] })).toThrow(
      /applies to --upstream <url> only/,
    );
  });
});
