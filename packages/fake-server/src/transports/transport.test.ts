import { describe, expect, test } from 'vitest';
import { isToolshiftError } from '../errors/toolshift-error.js';
import { TRANSPORTS } from './index.js';
import { assertTransportSupports } from './transport.js';

describe('assertTransportSupports', () => {
  test('accepts faults the transport lists', () => {
    expect(() => assertTransportSupports(TRANSPORTS.http, ['httpStatus', 'truncatedSseFrame'])).not.toThrow();
    expect(() => assertTransportSupports(TRANSPORTS.stdio, ['malformedJson', 'hang'])).not.toThrow();
  });

  test('rejects the first fault the transport cannot produce, naming transport, fault and what it supports', () => {
    let caught: unknown;
    try {
      assertTransportSupports(TRANSPORTS.stdio, ['delay', 'httpStatus', 'truncatedSseFrame']);
    } catch (error) {
      caught = error;
    }
    expect(isToolshiftError(caught, 'FAULT_UNSUPPORTED_BY_TRANSPORT')).toBe(true);
    expect((caught as Error).message).toContain("The stdio transport cannot produce the 'httpStatus' fault");
    expect((caught as { data: unknown }).data).toMatchObject({ transport: 'stdio', fault: 'httpStatus' });
  });

  test('only byte-carrying HTTP transports produce HTTP statuses and SSE truncation', () => {
    const with_ = (fault: string) =>
      Object.values(TRANSPORTS)
        .filter((t) => (t.capabilities.faults as readonly string[]).includes(fault))
        .map((t) => t.kind)
        .sort();
    expect(with_('httpStatus')).toEqual(['http', 'msw']);
    expect(with_('truncatedSseFrame')).toEqual(['http', 'msw']);
    expect(with_('oversizeBody')).toEqual(['http', 'msw', 'stdio']);
    expect(with_('dropStream')).toEqual(['http', 'in-memory', 'msw', 'stdio']);
  });
});
