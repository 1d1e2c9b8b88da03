import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { FULL_ONLY, OWN_PROCESS } from './test-sets.mjs';

/** Test files that keep a process of their own (test-sets.mjs says why for each). */
const ownProcess = [...Object.keys(OWN_PROCESS), ...Object.keys(FULL_ONLY)];

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
          name: 'shared',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/catalog/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ownProcess],
          // The unit, property and integration files share their worker's module graph (isolate:
          // false), in one project so that a worker runs files of every kind: a fresh import of the
          // SDKs, zod, ajv and the catalog per file was most of the quick set's CPU, and a project
          // of its own for the unit files started workers that imported it all again (on 2 cores,
          // quiet: the quick set 123.6 s with the two projects, 110.8–112.2 s as one; issue 16).
          // They keep no process-wide state between files: each starts and closes its own
          // servers, clients and child processes; the process-wide msw interception of the
          // scenarios' runner is built to be shared (handlers per served server); no environment
          // changes; fake timers are restored by the test that sets them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'own-process',
          include: ownProcess,
          // Each in a process of its own (isolate: true): test-sets.mjs says what state each would
          // leave behind (an msw setupServer of its own, --expose-gc), or that it is a full-set file
          // spending its time on other programs.
        },
      },
    ],
  },
});
