import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { discoverDrivers } from '../../src/scorecard/driver-manifest.js';

// docs/scorecard.md shows a GitHub Actions workflow with one job per driver: its matrix must name every
// driver under clients/ exactly once, in a form `toolshift scorecard --driver` resolves to that driver.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

test("docs/scorecard.md's workflow runs one job per driver, each name resolving to exactly one driver", async () => {
  const text = await readFile(join(root, 'docs/scorecard.md'), 'utf8');
  const block = /```yaml\n(# \.github\/workflows\/scorecard\.yml[\s\S]*?)```/.exec(text)?.[1];
  expect(block, 'the workflow block').toBeDefined();
  const workflow = parseYaml(block!) as { jobs: { driver: { strategy: { matrix: { driver: string[] } } } } };
  const names = workflow.jobs.driver.strategy.matrix.driver;
  const drivers = await discoverDrivers(join(root, 'clients'), root);
  const resolves = (name: string) =>
    drivers.filter(
      (d) =>
        d.id === name || d.manifest.client === name || `${d.manifest.client}-${d.manifest.language}` === name,
    );
  for (const name of names)
    expect(
      resolves(name).map((d) => d.id),
      name,
    ).toHaveLength(1);
  expect(new Set(names.flatMap((name) => resolves(name).map((d) => d.id)))).toEqual(
    new Set(drivers.map((d) => d.id)),
  );
});
