import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `toolshift-source` export condition) in tests,
// so `pnpm test` needs no build and never runs stale `dist` output.
export default defineConfig({
  resolve: { conditions: ['toolshift-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['toolshift-source', ...defaultServerConditions] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'packages/*/catalog/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One module graph per worker, not per test file: importing and transforming the packages'
    // sources again for each of ~180 files was a quarter of the suite's time (issue 16). Test files
    // share no mutable module state (no mocks, spies or stubbed globals; run-trial restores fetch).
    isolate: false,
  },
});
