import { expect, test } from 'vitest';
import type { ClientAdapterFactory } from '../adapters/client-adapter.js';
import { referenceClient } from '../adapters/reference-adapter.js';
import { measureEraSupport } from './era-support.js';

/** The reference client, declared legacy-only, reporting every schema rewritten: an advice failure on the probe. */
const rewritingLegacyOnly: ClientAdapterFactory = {
  ...referenceClient,
  name: 'rewriting-legacy-only',
  kind: 'external',
  capabilities: { transports: ['http'], features: [], eras: ['legacy'] },
  create() {
    const inner = referenceClient.create();
    return {
      ...inner,
      connect: (target, observer) =>
        inner.connect(target, {
          ...observer,
          exposure: (tools) =>
            observer.exposure(
              tools.map((tool) => ({ ...tool, inputSchema: { type: 'object', title: 'rewritten' } })),
            ),
        }),
      callTool: inner.callTool.bind(inner),
      close: inner.close.bind(inner),
    };
  },
};

test('the era probe measures connecting and listing in each revision, whatever the driver declares or an advice check says', {
  timeout: 60_000,
}, async () => {
  const support = await measureEraSupport(rewritingLegacyOnly);
  // Declared legacy-only, it is still probed against the 2026-07-28-only server; the rewritten
  // schemas fail an advice check, which says nothing about whether it speaks the revision.
  expect(support.legacy.supported, support.legacy.detail).toBe(true);
  expect(support.modern.supported, support.modern.detail).toBe(true);
  expect(support.modern.detail).toContain('2026-07-28-only server');
});
