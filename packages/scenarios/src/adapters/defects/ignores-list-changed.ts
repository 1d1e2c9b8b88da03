import type { ClientAdapterFactory } from '../client-adapter.js';
import { SdkClientAdapter } from '../sdk-adapter.js';

/**
 * Defect: registers no handler for tools `list_changed` — it lists once at connect and never
 * again (the bug of cases LC-01, LC-08, LC-10, LC-11). Scenarios with a runtime change must fail.
 */
export const ignoresListChanged: ClientAdapterFactory = {
  name: 'defect:ignores-list-changed',
  kind: 'defect',
  description:
    'Lists tools once at connect and ignores every change notification (cases LC-01, LC-08, LC-10).',
  create: () => new SdkClientAdapter({ listChanged: false }),
};
