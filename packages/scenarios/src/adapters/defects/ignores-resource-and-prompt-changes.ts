import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { ClientObserver, ConnectTarget } from '../client-adapter.js';
import { ReferenceClientAdapter, referenceClient } from '../reference-adapter.js';
import { defect } from './defect-factory.js';

/** The notifications this client never hears. */
const IGNORED = new Set(['notifications/resources/list_changed', 'notifications/prompts/list_changed']);

/**
 * An SDK transport that never delivers the ignored notifications to its client (every other
 * message, and every method of the transport, passes through untouched).
 */
function deafTo(inner: Transport): Transport {
  return new Proxy(inner, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value) {
      if (property !== 'onmessage' || typeof value !== 'function')
        return Reflect.set(target, property, value, target);
      const deliver = value as NonNullable<Transport['onmessage']>;
      target.onmessage = (message, extra) => {
        if ('method' in message && IGNORED.has(message.method)) return;
        deliver(message, extra);
      };
      return true;
    },
  });
}

/**
 * Lists resources and prompts when it connects and never again: it handles
 * `notifications/tools/list_changed` like the reference client, but drops the resources and prompts
 * notifications on the floor, so a resource or prompt added at runtime never shows up (a cache
 * keyed on tools changes only).
 */
class IgnoresResourceAndPromptChanges extends ReferenceClientAdapter {
  override connect(target: ConnectTarget, observer: ClientObserver): Promise<void> {
    const transport = target.transport;
    const connect =
      'connect' in transport
        ? () => deafTo(transport.connect())
        : () => deafTo(new StreamableHTTPClientTransport(new URL(transport.url)));
    // Every transport goes through an SDK transport of its own (a stdio server process too,
    // spawned by `transport.connect()`), so every message passes the filter.
    return super.connect({ ...target, transport: { kind: 'in-memory', connect } }, observer);
  }
}

export const ignoresResourceAndPromptChanges = defect(
  {
    name: 'ignores-resource-and-prompt-changes',
    mistake:
      'Follows tools/list_changed but drops resources/list_changed and prompts/list_changed: resources and prompts are listed once, at startup.',
    realWorld:
      'issue 10 (real clients break on resources/list_changed vs tools/list_changed ordering and on prompts caches)',
    caughtBy: [
      'scenario:resources-added-at-runtime',
      'scenario:prompts-added-at-runtime',
      'scenario:resources-and-tools-notified-together',
    ],
  },
  () => new IgnoresResourceAndPromptChanges(),
  referenceClient,
);
