import { expect, test } from 'vitest';
import { SMOKE_SCENARIOS } from './capability-groups.js';
import type { DriverManifest } from './driver-manifest.js';
import { smokeSelection } from './smoke-selection.js';

const manifest = (smoke?: string[]) =>
  ({ client: 'lib', ...(smoke ? { smoke } : {}) }) as unknown as DriverManifest;

test("a manifest's smoke list is the selection, in its order", () => {
  const selected = smokeSelection({ manifest: manifest(['paginated-list', 'one-valid-tool']), dir: '/d' });
  expect(selected.map((s) => s.id)).toEqual(['paginated-list', 'one-valid-tool']);
});

test('without a smoke list the scorecard default applies', () => {
  expect(smokeSelection({ manifest: manifest(), dir: '/d' }).map((s) => s.id)).toEqual([...SMOKE_SCENARIOS]);
});

test('an unknown scenario is refused, naming the manifest and the entry', () => {
  expect(() => smokeSelection({ manifest: manifest(['one-valid-tool', 'nope']), dir: '/d' })).toThrow(
    expect.objectContaining({
      code: 'DRIVER_MANIFEST_INVALID',
      message: expect.stringContaining("/d/toolshift-driver.yaml: /smoke/1 names unknown scenario 'nope'"),
    }),
  );
});
