import { matchRequestUrl } from 'msw';
import { describe, expect, test } from 'vitest';
import { urlPattern } from './url-pattern.js';

// What msw itself decides for the string path and for the pattern, request by request: the
// pattern is a cheaper spelling of the same match, never a different one.
const decide = (path: string | RegExp, request: string) => matchRequestUrl(new URL(request), path).matches;

describe('urlPattern', () => {
  const endpoint = 'http://127.0.3.7:9/mcp';
  const requests = [
    'http://127.0.3.7:9/mcp',
    'http://127.0.3.7:9/mcp/',
    'http://127.0.3.7:9/mcp?x=1',
    'http://127.0.3.7:9/MCP',
    'http://127.0.3.7:9/mcp/extra',
    'http://127.0.3.7:9/mc',
    'http://127.0.3.70:9/mcp',
    'http://127.0.3.7:19/mcp',
    'http://127.0.3.7:9/mcpx',
    'http://127.0.3.7:9/__toolshift/catalog',
    'http://127.0.3.7:9/__toolshift',
    'http://127.0.3.7:9/__toolshiftx/catalog',
  ];

  test('an exact URL matches what msw matches for the same string path', () => {
    for (const request of requests)
      expect(decide(urlPattern(endpoint, { subtree: false }), request), request).toBe(
        decide(endpoint, request),
      );
  });

  test('a subtree matches what msw matches for the string path ending in /*', () => {
    const prefix = 'http://127.0.3.7:9/__toolshift';
    for (const request of requests)
      expect(decide(urlPattern(prefix, { subtree: true }), request), request).toBe(
        decide(`${prefix}/*`, request),
      );
  });
});
