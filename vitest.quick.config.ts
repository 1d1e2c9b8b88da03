import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { FULL_ONLY } from './test-sets.mjs';
import full from './vitest.config.js';

/**
 * `pnpm test`: every test file but those only `pnpm test:full` runs (test-sets.mjs says which and
 * why). Same settings as the full set (vitest.config.ts), which is what `pnpm vitest run <file>`
 * uses, so any one file still runs by name — except that the quick set runs two files per core at
 * once (at least four): without the whole-catalog corpora and the programs of other languages, its
 * files mostly wait on their own servers and clients (on 2 cores, quiet: 243 s at one file per
 * core, 170–180 s at two, same tests green; with a core kept busy, green too). Three per core, tried
 * later beside two (111–112 s, CPU 192–195 s): 128.5 s, CPU 249 s — each extra worker imports the
 * module graph again. The full set keeps one per core (see vitest.config.ts for what two did to
 * its whole-catalog runs under load).
 */
const QUICK_FILES_AT_ONCE = Math.max(4, 2 * availableParallelism());

export default mergeConfig(
  full,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, ...Object.keys(FULL_ONLY)],
      maxWorkers: QUICK_FILES_AT_ONCE,
    },
  }),
);
