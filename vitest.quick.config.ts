import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import { FULL_ONLY } from './test-sets.mjs';
import full from './vitest.config.js';

/**
 * `pnpm test`: every test file but those only `pnpm test:full` runs (test-sets.mjs says which and
 * why). Same settings as the full set (vitest.config.ts), which is what `pnpm vitest run <file>`
 * uses, so any one file still runs by name.
 */
export default mergeConfig(
  full,
  defineConfig({ test: { exclude: [...configDefaults.exclude, ...Object.keys(FULL_ONLY)] } }),
);
