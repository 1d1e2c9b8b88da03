import { describe, expect, test } from 'vitest';
import { isToolshiftError } from '../errors/toolshift-error.js';
import { createFakeServer, type Era, scriptBuilder } from '../index.js';
import { TRANSPORTS } from '../transports/index.js';
import type { ScriptDocument } from './script-document.js';
import { scriptUnreachable, transportUnreachable } from './script-reachability.js';

const ENDPOINTS: ReadonlyArray<readonly Era[]> = [['legacy'], ['modern'], ['legacy', 'modern']];
const base = (eras: readonly Era[]) =>
  scriptBuilder('reach')
    .eras(...eras)
    .tools({ name: 'a', inputSchema: { type: 'object' } });

/** The pointers `scriptUnreachable` names for `doc`. */
const pointers = (doc: ScriptDocument) => scriptUnreachable(doc).map((found) => found.pointer);

/** Whether `doc` loads: createFakeServer throws SCRIPT_UNREACHABLE naming `pointer`, or nothing. */
function loadError(doc: ScriptDocument): string | undefined {
  try {
    createFakeServer(doc).close('drop');
    return undefined;
  } catch (error) {
    if (!isToolshiftError(error, 'SCRIPT_UNREACHABLE')) throw error;
    return (error.data as { pointer: string }).pointer;
  }
}

describe('a script field that can never fire is an error at load, naming the field (issue 26)', () => {
  for (const eras of ENDPOINTS) {
    const label = eras.join('+');
    test(`${label}: an onStreamOpen trigger fires only for a stream this endpoint opens`, () => {
      const listen = base(eras).step('s', { action: 'emitListChanged' }, { onStreamOpen: 'listen' }).build();
      const get = base(eras).step('s', { action: 'emitListChanged' }, { onStreamOpen: 'get' }).build();
      expect(loadError(listen)).toBe(eras.includes('modern') ? undefined : '/steps/0/trigger/onStreamOpen');
      expect(loadError(get)).toBe(eras.includes('legacy') ? undefined : '/steps/0/trigger/onStreamOpen');
    });

    test(`${label}: expireSession needs sessions, setListen and endStreams listen need listen streams`, () => {
      expect(loadError(base(eras).step('s', { action: 'expireSession' }).build())).toBe(
        eras.includes('legacy') ? undefined : '/steps/0/action/action',
      );
      expect(loadError(base(eras).step('s', { action: 'setListen', ack: 'withhold' }).build())).toBe(
        eras.includes('modern') ? undefined : '/steps/0/action/action',
      );
      expect(loadError(base(eras).step('s', { action: 'endStreams', streams: 'listen' }).build())).toBe(
        eras.includes('modern') ? undefined : '/steps/0/action/action',
      );
      expect(loadError(base(eras).step('s', { action: 'endStreams', streams: 'get' }).build())).toBe(
        eras.includes('legacy') ? undefined : '/steps/0/action/action',
      );
    });

    test(`${label}: a scripted answer or request trigger for any request method loads; for a notification it does not`, () => {
      const probe = base(eras)
        .answers({ method: eras.includes('modern') ? 'initialize' : 'server/discover', unanswered: true })
        .step('s', { action: 'exitProcess' }, { afterRequests: 1, method: 'server/discover' })
        .build();
      expect(loadError(probe)).toBeUndefined();
      const notification = base(eras)
        .answers({ method: 'notifications/initialized', result: {} })
        .step('s', { action: 'emitListChanged' }, { afterRequests: 1, method: 'notifications/initialized' })
        .build();
      expect(pointers(notification)).toEqual(['/answers/0/method', '/steps/0/trigger/method']);
    });

    for (const transport of ['http', 'msw', 'stdio', 'in-memory'] as const)
      test(`${label} over ${transport}: a GET-stream trigger fires only where a GET stream exists`, () => {
        if (!eras.includes('legacy')) return;
        const doc = base(eras).step('s', { action: 'emitListChanged' }, { onStreamOpen: 'get' }).build();
        const server = createFakeServer(doc);
        const attach = () => server.attachTransport(TRANSPORTS[transport]);
        if (transport === 'stdio' || transport === 'in-memory') {
          expect(attach).toThrow(
            /\/steps\/0\/trigger\/onStreamOpen can never fire on this server: 'get' can never fire over/,
          );
          expect(transportUnreachable(doc, transport)).toHaveLength(1);
        } else expect(attach).not.toThrow();
        server.close('drop');
      });
  }

  test('capabilities: a list change the server never announces, or a page it never serves, is refused', () => {
    const silent = scriptBuilder('silent')
      .server({ toolsListChanged: false })
      .step('s', { action: 'emitListChanged' })
      .build();
    expect(scriptUnreachable(silent)).toEqual([
      expect.objectContaining({ pointer: '/steps/0/action/action', rule: 'actionApplies' }),
    ]);
    expect(
      pointers(scriptBuilder('p').step('s', { action: 'emitListChanged', list: 'prompts' }).build()),
    ).toEqual(['/steps/0/action/action']);
    expect(
      pointers(scriptBuilder('p').step('s', { action: 'emitListChanged' }, { betweenPages: 2 }).build()),
    ).toEqual(['/steps/0/trigger/betweenPages']);
    expect(
      pointers(
        scriptBuilder('p').pageSize(1).step('s', { action: 'emitListChanged' }, { betweenPages: 2 }).build(),
      ),
    ).toEqual([]);
    expect(
      pointers(
        scriptBuilder('p').step('s', { action: 'emitListChanged' }, { onStreamOpen: 'resume' }).build(),
      ),
    ).toEqual(['/steps/0/trigger/onStreamOpen']);
  });

  test('the error message says what failed, why, and the fix', () => {
    try {
      createFakeServer(
        scriptBuilder('m').eras('legacy').step('s', { action: 'setListen', ack: 'withhold' }).build(),
      );
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toBe(
        "Failed to load script <inline>: /steps/0/action/action can never fire on this server: 'setListen' changes listen streams, and this server serves 2025-11-25 only, which has none.",
      );
    }
  });
});
