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
  },
});
