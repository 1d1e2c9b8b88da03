import type { Scenario } from '../src/scenario.js';
import { schemaChangedBetweenRefreshes } from './change/schema-changed-between-refreshes.scenario.js';
import { toolAddedAtRuntime } from './change/tool-added-at-runtime.scenario.js';
import { toolRemoved } from './change/tool-removed.scenario.js';
import { emptyList } from './discovery/empty-list.scenario.js';
import { oneValidTool } from './discovery/one-valid-tool.scenario.js';
import { paginatedList } from './pagination/paginated-list.scenario.js';
import { toolAddedToPaginatedList } from './pagination/tool-added-to-paginated-list.scenario.js';

/** The named scenario library, in report order. */
export const SCENARIOS: readonly Scenario[] = [
  emptyList,
  oneValidTool,
  toolAddedAtRuntime,
  toolRemoved,
  schemaChangedBetweenRefreshes,
  paginatedList,
  toolAddedToPaginatedList,
];
