/**
 * `@toolshift/assertions/vitest`: registers the toolshift matchers on vitest's `expect` when
 * imported (`import '@toolshift/assertions/vitest'`), e.g. `expect(run).toHaveRelistedAfterChange()`.
 * The core entry never loads vitest; this subpath needs it.
 */
import { expect } from 'vitest';
import { type ToolshiftMatchers, toolshiftMatchers } from './matchers/invariant-matchers.js';

expect.extend(toolshiftMatchers);

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: must repeat vitest's own declaration of Matchers<T = any>
  interface Matchers<T = any> extends ToolshiftMatchers<T> {}
}

export {
  describeVerdict,
  type MatcherResult,
  type ToolshiftMatchers,
  toolshiftMatchers,
} from './matchers/invariant-matchers.js';
