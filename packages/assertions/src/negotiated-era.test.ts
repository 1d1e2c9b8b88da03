import { createFakeServer, type FakeServer, injectFault, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { INVARIANTS } from './invariants/index.js';
import { inferEndpointEras, negotiatedEra, requestEra } from './negotiated-era.js';
import type { RunRecord } from './run-record.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const HTTP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INIT_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 't', version: '0' },
};

/** A fake server serving `eras`, driven in-process as an HTTP client would (no socket). */
class Wire {
  readonly server: FakeServer;
  private id = 0;
  session: string | undefined;

  constructor(eras: Array<'legacy' | 'modern'>, auth = false) {
    const builder = scriptBuilder('negotiation').eras(...eras);
    if (auth) builder.server({ eras }).auth({ tokens: [{ token: 'good', principal: 'alice' }] });
    this.server = createFakeServer(builder.build());
  }

  /** POSTs one request; legacy session header once `initialize` answered one. */
  async post(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
    this.id += 1;
    const response = await this.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: {
        ...HTTP_HEADERS,
        ...(this.session ? { 'mcp-session-id': this.session, 'mcp-protocol-version': '2025-11-25' } : {}),
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.id, method, params }),
    });
    const session = response.headers['Mcp-Session-Id'];
    if (method === 'initialize' && session) this.session = session;
    return response;
  }

  /** A 2026-07-28 request with its `_meta` and headers (§5.1). */
  modern = (method: string) =>
    this.post(method, { _meta: META }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method });
  discover = () => this.modern('server/discover');
  initialize = async () => {
    await this.post('initialize', INIT_PARAMS);
    if (this.session) await this.post('notifications/initialized', {});
  };
  /** A legacy `notifications/initialized` has no id: send it as a notification. */
  async initialized() {
    await this.server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: { ...HTTP_HEADERS, 'mcp-session-id': this.session!, 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
  }

  record(era: RunRecord['era'], endpointEras?: Array<'legacy' | 'modern'>): RunRecord {
    return {
      era,
      serverId: 'primary',
      transcript: this.server.transcript.frames,
      observations: [],
      finalCatalog: this.server.snapshot(),
      ...(endpointEras ? { endpointEras } : {}),
    };
  }
}

const check = (record: RunRecord, params?: Record<string, unknown>) =>
  INVARIANTS['era.negotiated']!.check(record, params);

describe('negotiatedEra', () => {
  test('reads legacy from an accepted initialize on a dual-era endpoint', async () => {
    const wire = new Wire(['legacy', 'modern']);
    await wire.post('initialize', INIT_PARAMS);
    await wire.initialized();
    await wire.post('tools/list', {});
    const negotiated = negotiatedEra(wire.server.transcript.frames);
    expect(negotiated).toMatchObject({ era: 'legacy', protocolRevision: '2025-11-25', accepted: ['legacy'] });
    expect(negotiated.fellBackFrom).toBeUndefined();
    // Requests inside the session are not attempts.
    expect(negotiated.attempts.map((attempt) => attempt.method)).toEqual(['initialize']);
  });

  test('an initialize answered on an SSE stream is read past its priming event', async () => {
    const server = createFakeServer(
      scriptBuilder('sse-answers').eras('legacy').streams({ postResponse: 'sse', eventIds: true }).build(),
    );
    await server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: HTTP_HEADERS,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS }),
    });
    expect(server.transcript.frames.some((frame) => frame.raw === '' && frame.sseEventId !== undefined)).toBe(
      true,
    );
    expect(negotiatedEra(server.transcript.frames)).toMatchObject({ era: 'legacy', accepted: ['legacy'] });
  });

  test('reads modern from the first accepted 2026-07-28 request; later ones are not attempts', async () => {
    const wire = new Wire(['legacy', 'modern']);
    await wire.discover();
    await wire.modern('tools/list');
    const negotiated = negotiatedEra(wire.server.transcript.frames);
    expect(negotiated).toMatchObject({ era: 'modern', protocolRevision: '2026-07-28', accepted: ['modern'] });
    expect(negotiated.attempts).toHaveLength(1);
    expect(negotiated.attempts[0]).toMatchObject({
      method: 'server/discover',
      outcome: 'accepted',
      httpStatus: 200,
    });
  });

  test('records a modern probe refused by a legacy-only endpoint, then initialize, as a fallback from modern', async () => {
    const wire = new Wire(['legacy']);
    await wire.discover();
    await wire.post('initialize', INIT_PARAMS);
    const negotiated = negotiatedEra(wire.server.transcript.frames);
    expect(negotiated).toMatchObject({ era: 'legacy', fellBackFrom: 'modern', accepted: ['legacy'] });
    expect(negotiated.attempts[0]).toMatchObject({
      era: 'modern',
      method: 'server/discover',
      outcome: 'refused',
      httpStatus: 400,
    });
    // The fake server routed the probe to its legacy engine: the frame says legacy, the wire says modern.
    expect(wire.server.transcript.frames[0]!.era).toBe('legacy');
    expect(requestEra(wire.server.transcript.frames[0]!)).toBe('modern');
  });

  test('records initialize refused by a modern-only endpoint (-32022), then a modern request, as a fallback from legacy', async () => {
    const wire = new Wire(['modern']);
    await wire.post('initialize', INIT_PARAMS);
    await wire.discover();
    const negotiated = negotiatedEra(wire.server.transcript.frames);
    expect(negotiated).toMatchObject({ era: 'modern', fellBackFrom: 'legacy', accepted: ['modern'] });
    expect(negotiated.attempts[0]).toMatchObject({ era: 'legacy', outcome: 'refused', errorCode: -32022 });
  });

  test('records no era when every attempt was refused', async () => {
    const wire = new Wire(['legacy']);
    await wire.discover();
    const negotiated = negotiatedEra(wire.server.transcript.frames);
    expect(negotiated.era).toBeUndefined();
    expect(negotiated.accepted).toEqual([]);
    expect(negotiated.attempts).toHaveLength(1);
  });

  test('an initialize on a stdio connection makes the connection legacy: its later requests are not attempts', async () => {
    const server = createFakeServer(scriptBuilder('stdio').build());
    const send = (body: unknown) =>
      server.handle({ transport: 'stdio', headers: {}, connectionId: '1', body: JSON.stringify(body) });
    await send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: INIT_PARAMS });
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // Even a request carrying a modern _meta belongs to the legacy session on this connection.
    await send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } });
    const negotiated = negotiatedEra(server.transcript.frames);
    expect(negotiated.era).toBe('legacy');
    expect(negotiated.attempts.map((attempt) => attempt.method)).toEqual(['initialize']);
  });

  test('an attempt without an answer in the transcript is unanswered', () => {
    const negotiated = negotiatedEra([
      {
        seq: 1,
        tick: 0,
        direction: 'in',
        kind: 'message',
        era: 'modern',
        transport: 'http',
        streamId: 'post-1',
        catalogRevision: 1,
        message: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
      },
    ]);
    expect(negotiated.attempts[0]!.outcome).toBe('unanswered');
    expect(negotiated.era).toBeUndefined();
  });

  test('inferEndpointEras finds an era the endpoint does not serve from how it routed a request', async () => {
    const legacyOnly = new Wire(['legacy']);
    await legacyOnly.discover();
    expect(inferEndpointEras(legacyOnly.server.transcript.frames)).toEqual(['legacy']);
    const dual = new Wire(['legacy', 'modern']);
    await dual.discover();
    await dual.post('initialize', INIT_PARAMS);
    expect(inferEndpointEras(dual.server.transcript.frames)).toBeUndefined();
  });
});

describe('era.negotiated', () => {
  test('fails a client that only sent server/discover to a legacy-only endpoint, saying exactly that', async () => {
    const wire = new Wire(['legacy']);
    await wire.discover();
    const verdict = check(wire.record('legacy', ['legacy']));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toBe(
      'primary: the client never completed a 2025-11-25 handshake on a legacy-only endpoint: it sent server/discover (#1, answered 400 -32600 "Bad Request: Mcp-Session-Id header is required") and gave up.',
    );
    expect(verdict.nearMiss).toContain('no fallback to initialize');
    expect(verdict.evidence.map((ref) => ref.seq)).toEqual([1, 2]);
  });

  test('fails a legacy-only client on a modern-only endpoint, inferring the endpoint from the transcript', async () => {
    const wire = new Wire(['modern']);
    await wire.post('initialize', INIT_PARAMS);
    const verdict = check(wire.record('modern'));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('never completed a 2026-07-28 handshake on a modern-only endpoint');
    expect(verdict.message).toContain('initialize (#1, answered 400 -32022');
  });

  test('passes a client that fell back, naming the refused attempt', async () => {
    const wire = new Wire(['legacy']);
    await wire.discover();
    await wire.initialize();
    const verdict = check(wire.record('modern', ['legacy']), { era: 'legacy' });
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toContain('negotiated 2025-11-25 on a legacy-only endpoint');
    expect(verdict.message).toContain('after server/discover (#1, answered 400');
  });

  test('fails when the client negotiated another era than the check names', async () => {
    const wire = new Wire(['legacy', 'modern']);
    await wire.initialize();
    expect(check(wire.record('dual', ['legacy', 'modern']), { era: 'modern' }).status).toBe('fail');
    expect(check(wire.record('dual', ['legacy', 'modern']), { era: 'legacy' }).status).toBe('pass');
  });

  test('is inconclusive when attempts were refused for authorization, not for the era', async () => {
    const wire = new Wire(['legacy'], true);
    await wire.post('initialize', INIT_PARAMS);
    const verdict = check(wire.record('legacy', ['legacy']));
    expect(verdict.status).toBe('inconclusive');
    expect(verdict.message).toContain('not because of the era');
    expect(verdict.message).toContain('answered 401');
  });

  test('issue 26: a probe of the era the endpoint does not serve, answered 401, is no era refusal — the client rightly stops for authorization', async () => {
    // A legacy-only endpoint that answers every request 401: the client probes server/discover
    // first, is told "requires authorization" and stops (it cannot know the era yet).
    const wire = new Wire(['legacy'], true);
    await wire.discover();
    const verdict = check(wire.record('legacy', ['legacy']));
    expect(verdict.status).toBe('inconclusive');
    expect(verdict.message).toContain('answered 401');
    // The same probe answered 400 (the era) still fails: the era check is not weakened.
    const plain = new Wire(['legacy']);
    await plain.discover();
    expect(check(plain.record('legacy', ['legacy'])).status).toBe('fail');
  });

  test('is inconclusive when the refusal was a fault the script injected (-32022 by a versionMismatch step)', async () => {
    const server = createFakeServer(
      scriptBuilder('mismatch')
        .eras('modern')
        .step('mismatch', injectFault({ kind: 'versionMismatch' }, { times: 'always' }), { atStart: true })
        .build(),
    );
    await server.handle({
      transport: 'http',
      httpMethod: 'POST',
      headers: { ...HTTP_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }),
    });
    const record: RunRecord = {
      era: 'modern',
      endpointEras: ['modern'],
      serverId: 'primary',
      transcript: server.transcript.frames,
      observations: [],
      finalCatalog: server.snapshot(),
    };
    expect(negotiatedEra(server.transcript.frames).attempts[0]).toMatchObject({
      errorCode: -32022,
      fault: 'versionMismatch',
    });
    const verdict = check(record);
    expect(verdict.status).toBe('inconclusive');
    expect(verdict.message).toContain('(injected fault versionMismatch)');
  });

  test('is inconclusive when the client sent no handshake at all', () => {
    const wire = new Wire(['legacy']);
    expect(check(wire.record('legacy')).status).toBe('inconclusive');
  });

  test('rejects unknown parameters and eras', () => {
    const validate = INVARIANTS['era.negotiated']!.validateParams!;
    expect(validate({ era: 'dual' })).toContain("'legacy' or 'modern'");
    expect(validate({ fallback: true })).toContain('unknown parameter');
    expect(validate({ era: 'modern' })).toBeUndefined();
  });
});
