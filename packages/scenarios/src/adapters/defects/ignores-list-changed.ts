import { SdkClientAdapter, sdkClient } from '../sdk-adapter.js';
import { defect } from './defect-factory.js';

/**
 * Defect: registers no handler for tools `list_changed` — it lists once at connect and never
 * again (the bug of cases LC-01, LC-08, LC-10, LC-11). Scenarios with a runtime change must fail.
 */
export const ignoresListChanged = defect(
  {
    name: 'ignores-list-changed',
    mistake: 'Lists tools once at connect and ignores every change notification.',
    realWorld: 'cases LC-01 (Claude Code), LC-08 (python-sdk), LC-10 (Goose), LC-11 (LibreChat)',
    // Not property:list-changed-race: the SDK client it is built on fails that property already
    // (a lost legacy session is terminal for it), so a catch there would not be this mistake's.
    caughtBy: ['scenario:tool-added-at-runtime', 'scenario:output-schema-dropped-after-change'],
  },
  () => new SdkClientAdapter({ listChanged: false }),
  sdkClient,
);
