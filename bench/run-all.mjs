// `pnpm bench`: runs every workspace package's own `bench` script, one after the other (so their
// measurements do not compete for the CPU). Packages keep their benchmarks in `packages/<pkg>/bench/`.
import { spawnSync } from 'node:child_process';

const result = spawnSync('pnpm', ['-r', '--workspace-concurrency=1', '--if-present', 'run', 'bench'], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
