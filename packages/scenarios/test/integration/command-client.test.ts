import { fileURLToPath } from 'node:url';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { runSuite } from '../../src/runner/run-suite.js';

// Tests here start client or CLI processes (tsx compiles the sources in the child): each is bounded
// at 180 s, a safety net for a busy machine (up to 55 s seen under load), not a speed claim.

const example = fileURLToPath(
  new URL('../../examples/command-client/sdk-command-client.mjs', import.meta.url),
);
const pick = (...ids: string[]) => SCENARIOS.filter((scenario) => ids.includes(scenario.id));
/** A one-line Node program, as a shell command. */
const nodeProgram = (source: string) => `${process.execPath} -e ${JSON.stringify(source)}`;

test('the example program (the official SDK behind the command protocol) runs LC-01 in both eras and passes', async () => {
  const client = await createCommandClient(`node ${JSON.stringify(example)}`);
  expect(client).toMatchObject({
    name: 'example-sdk-client',
    kind: 'external',
    capabilities: { transports: ['http'], features: ['multi-server', 'bearer-auth', 'manual-refresh'] },
  });
  const summary = await runSuite({
    scenarios: pick('lc-01-no-list-changed-handler', 'one-valid-tool'),
    eras: ['legacy', 'modern'],
    transports: ['http', 'msw'],
    clients: [client],
    concurrency: 2,
  });
  const rows = summary.results.map((r) => `${r.scenarioId}/${r.era}/${r.transport}: ${r.status}`);
  expect(rows.sort()).toEqual([
    'lc-01-no-list-changed-handler/legacy/http: pass',
    'lc-01-no-list-changed-handler/legacy/msw: n/a',
    'lc-01-no-list-changed-handler/modern/http: pass',
    'lc-01-no-list-changed-handler/modern/msw: n/a',
    'one-valid-tool/legacy/http: pass',
    'one-valid-tool/legacy/msw: n/a',
    'one-valid-tool/modern/http: pass',
    'one-valid-tool/modern/msw: n/a',
  ]);
  const lc01 = summary.results.find((r) => r.scenarioId.startsWith('lc-01') && r.status === 'pass')!;
  // The program's exposures and calls reached the checks: beta was exposed and called.
  expect(lc01.observations.filter((o) => o.kind === 'exposure').at(-1)).toMatchObject({
    tools: [{ name: 'alpha' }, { name: 'beta' }],
  });
  expect(
    lc01.observations.filter((o) => o.kind === 'call').map((o) => o.kind === 'call' && o.outcome.ok),
  ).toEqual([true, true]);
}, 180_000);

test('a program that does not say hello first is refused with CLIENT_HANDSHAKE_FAILED naming what it printed', async () => {
  const error = await createCommandClient(nodeProgram('console.log("starting up")')).catch((e: unknown) => e);
  expect(isToolshiftError(error, 'CLIENT_HANDSHAKE_FAILED')).toBe(true);
  expect((error as Error).message).toContain('its first line was not a hello message');
  expect((error as Error).message).toContain('starting up');
  const silent = await createCommandClient(nodeProgram('process.exit(3)')).catch((e: unknown) => e);
  expect((silent as Error).message).toContain('it ended (exit code 3) before saying hello');
  const unknownFeature = await createCommandClient(
    nodeProgram('console.log(JSON.stringify({type:"hello",protocol:1,features:["teleport"]}))'),
  ).catch((e: unknown) => e);
  expect((unknownFeature as Error).message).toContain("'teleport' is not a feature");
}, 180_000);

test('a program that dies at connect fails the cell with runner.client-connected and keeps its stderr as evidence', async () => {
  const client = await createCommandClient(
    nodeProgram(
      'console.log(JSON.stringify({type:"hello",protocol:1,name:"crasher"}));' +
        'process.stdin.on("data", (d) => { if (String(d).includes("connect")) { console.error("boom: no config"); process.exit(5); } });',
    ),
  );
  const summary = await runSuite({
    scenarios: pick('one-valid-tool'),
    eras: ['legacy'],
    transports: ['http'],
    clients: [client],
  });
  const result = summary.results[0]!;
  expect(result.status).toBe('fail');
  expect(result.firstFailure).toMatchObject({ checkId: 'runner.client-connected' });
  expect(result.firstFailure!.message).toContain('exit code 5');
  expect(result.observations.some((o) => o.kind === 'note' && o.text.includes('boom: no config'))).toBe(true);
}, 180_000);

test('a dual cell gives a program no era preference: connect carries no era and TOOLSHIFT_ERA is dual', async () => {
  const client = await createCommandClient(
    nodeProgram(
      'console.log(JSON.stringify({type:"hello",protocol:1,name:"era-echo"}));' +
        'require("readline").createInterface({input:process.stdin}).on("line",(line)=>{const m=JSON.parse(line);' +
        'if(m.type==="connect"){console.log(JSON.stringify({type:"note",text:"era="+("era" in m?m.era:"(none)")+" env="+process.env.TOOLSHIFT_ERA}));' +
        'console.log(JSON.stringify({type:"response",id:m.id,ok:true}));}' +
        'else if(m.id!==undefined)console.log(JSON.stringify({type:"response",id:m.id,ok:false,error:"no"}));' +
        'else if(m.type==="shutdown")process.exit(0);});',
    ),
  );
  const summary = await runSuite({
    scenarios: pick('one-valid-tool'),
    eras: ['legacy', 'modern', 'dual'],
    transports: ['http'],
    clients: [client],
    settleTimeoutMs: 300,
  });
  const notes = summary.results.map(
    (r) =>
      `${r.era}: ${r.observations.flatMap((o) => (o.kind === 'note' && o.text.startsWith('era=') ? [o.text] : [])).join()}`,
  );
  expect(notes).toEqual([
    'legacy: era=legacy env=legacy',
    'modern: era=modern env=modern',
    'dual: era=(none) env=dual',
  ]);
}, 180_000);
