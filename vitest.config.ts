import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Test files run at once: one per core, at least two. Most of the suite's wall time is waiting
 * (quiet periods, clients' timers, child processes, whole-catalog runs whose cells wait out their
 * bounds), not CPU: vitest's default (cores − 1, one file at a time on 2 cores) left the machine
 * idle for most of a 28-minute run (issue 16). Two per core, with whole-catalog runs at 16 cells at
 * once, was tried: on 2 cores under load 15 with a core kept busy, whole-catalog runs missed
 * wall-clock bounds (a re-list within 2,000 ms) and outlasted their hooks. `--maxWorkers` on the
 * command line overrides it.
 */
const TEST_FILES_AT_ONCE = Math.max(2, availableParallelism());

// Workspace packages resolve to their TypeScript sources (the `toolshift-source` export condition) in tests,
// so `pnpm test` needs no build and never runs stale `dist` output.
export default defineConfig({
  resolve: { conditions: ['toolshift-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['toolshift-source', ...defaultServerConditions] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: TEST_FILES_AT_ONCE,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/catalog/**/*.test.ts'],
          // The unit and property tests next to the sources share their worker's module graph
          // (isolate: false): importing it again for each file was most of their time (a file's
          // imports took longer than its tests). They keep no process-wide state between files:
          // no msw server, no environment changes, fake timers restored by the test that sets them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/test/**/*.test.ts'],
          // Each integration file keeps its own process (isolate: true, the default): they share
          // state a module graph would carry over — msw's interceptors register one global
          // instance per process, and a second setupServer that reuses it clears it on close
          // while the first's patches stay; a test's fake timers; the scenarios' process-wide msw
          // interception; environment variables set for child processes.
        },
      },
    ],
  },
});
