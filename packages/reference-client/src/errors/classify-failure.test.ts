import {
  InsufficientScopeError,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { FetchBoundError } from '../connection/bounded-fetch.js';
import { ClassifiedError } from './classified-error.js';
import { classifyFailure } from './classify-failure.js';

const http = (status: number) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `HTTP ${status}`, { status, statusText: 'x' });

describe('classifyFailure', () => {
  it.each([
    [401, 'auth-expired'],
    [403, 'permission-denied'],
    [404, 'unsupported-operation'],
    [400, 'protocol-mismatch'],
    [413, 'limit-exceeded'],
    [429, 'rate-limit'],
    [500, 'server-bug'],
    [503, 'server-bug'],
    [504, 'timeout'],
  ])('maps HTTP %i to %s and keeps the status', (status, kind) => {
    const failure = classifyFailure(http(status), 7);
    expect(failure).toMatchObject({ kind, httpStatus: status, reason: `http-${status}`, atMs: 7 });
  });

  it.each([
    [-32601, 'unsupported-operation'],
    [-32602, 'malformed-response'],
    [-32022, 'protocol-mismatch'],
    [-32021, 'protocol-mismatch'],
    [-32020, 'protocol-mismatch'],
    [-32603, 'server-bug'],
    [-32000, 'server-bug'],
  ])('maps JSON-RPC %i to %s', (code, kind) => {
    expect(classifyFailure(new ProtocolError(code, 'x'), 0)).toMatchObject({ kind, rpcCode: code });
  });

  it('classifies SDK errors, auth errors and bounded-fetch cuts', () => {
    expect(classifyFailure(new SdkError(SdkErrorCode.RequestTimeout, 't'), 0).kind).toBe('timeout');
    expect(classifyFailure(new SdkError(SdkErrorCode.InvalidResult, 'bad'), 0).kind).toBe(
      'malformed-response',
    );
    expect(classifyFailure(new UnauthorizedError(), 0).kind).toBe('auth-expired');
    expect(classifyFailure(new InsufficientScopeError({ requiredScope: 'a b' }), 0)).toMatchObject({
      kind: 'permission-denied',
      reason: 'insufficient-scope',
    });
    const cut = new FetchBoundError({ kind: 'byte-cap', limitBytes: 10, longLived: false });
    expect(classifyFailure(cut, 0)).toMatchObject({ kind: 'limit-exceeded', reason: 'byte-cap' });
    const late = new FetchBoundError({ kind: 'deadline', deadlineMs: 10 });
    expect(classifyFailure(late, 0)).toMatchObject({ kind: 'timeout', reason: 'response-deadline' });
  });

  it('prefers a specific cause over a generic wrapper', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const wrapped = new SdkError(SdkErrorCode.EraNegotiationFailed, 'probe failed', undefined, {
      cause: refused,
    });
    expect(classifyFailure(wrapped, 0)).toMatchObject({
      kind: 'network-unreachable',
      reason: 'econnrefused',
    });
    const fetchFailed = new TypeError('fetch failed', { cause: refused });
    expect(classifyFailure(fetchFailed, 0).kind).toBe('network-unreachable');
  });

  it('passes a ClassifiedError through and never throws on odd input', () => {
    const known = new ClassifiedError({ kind: 'server-bug', reason: 'page-cap', message: 'm' });
    expect(classifyFailure(known, 3)).toEqual({
      kind: 'server-bug',
      reason: 'page-cap',
      message: 'm',
      atMs: 3,
    });
    for (const odd of [undefined, null, 42, 'text', { weird: true }]) {
      expect(classifyFailure(odd, 0).kind).toBe('server-bug');
    }
  });
});
