// Issue 26, "What to build" 7: the run record carries the resources, prompts and tool _meta a
// command-protocol host reports, and the state it reports per server, and the host-view checks judge them.
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { runCell } from '../../src/runner/run-cell.js';

const program = fileURLToPath(new URL('../fixtures/command-clients/host-view-driver.mjs', import.meta.url));
const scenario = (id: string) => SCENARIOS.find((each) => each.id === id)!;

test('what a command host shows beyond tools reaches the record and is judged', async () => {
  const factory = await createCommandClient(`${process.execPath} ${JSON.stringify(program)}`);
  const prompts = await runCell(scenario('prompts-added-at-runtime'), 'legacy', factory, {
    transport: 'http',
  });
  expect(prompts.observations.filter((o) => o.kind === 'prompts').length).toBeGreaterThanOrEqual(2);
  expect(prompts.observations.some((o) => o.kind === 'server-state' && o.reported === true)).toBe(true);
  expect(prompts.verdicts.find((v) => v.checkId === 'lists.reported-current')).toMatchObject({
    status: 'pass',
  });
  const meta = await runCell(scenario('tool-meta-changed'), 'legacy', factory, { transport: 'http' });
  const exposed = meta.observations.filter((o) => o.kind === 'exposure').at(-1);
  expect(
    exposed?.kind === 'exposure' && exposed.tools.find((tool) => tool.name === 'render_chart')?._meta,
  ).toEqual({
    'ui/resourceUri': 'ui://charts/v2',
  });
  expect(meta.verdicts.find((v) => v.checkId === 'registry.tool-meta-as-served')).toMatchObject({
    status: 'pass',
  });
}, 120_000);
