/**
 * fast-check arbitraries for toolshift, used through a namespace import the way fast-check reads:
 * `import * as arb from '../arbitraries/index.js'`, then `arb.catalog()`, `arb.catalogChange()`.
 */
export { type CatalogOptions, type CatalogTool, catalog } from './catalog.js';
export { applyCatalogChange, type CatalogChangeIntent, catalogChange } from './catalog-change.js';
export { type PrincipalGrant, principals } from './principal.js';
export {
  type ResolvedTimeline,
  resolveTimeline,
  type ServerIntent,
  type ServerTimelineOptions,
  serverTimeline,
} from './timeline.js';
export { toolName } from './tool-name.js';
export {
  hostileSchema,
  type ObjectSchema,
  sampleArguments,
  toolSchema,
} from './tool-schema.js';
