import { fileURLToPath } from 'node:url';
import { isToolshiftError } from '@toolshift/fake-server';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { renderJunit } from '../../src/reports/junit-report.js';
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
    capabilities: {
      transports: ['http', 'stdio'],
      features: ['multi-server', 'bearer-auth', 'manual-refresh'],
    },
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
  // The JUnit report carries the client's stderr in the cell's <system-err>.
  expect(renderJunit(summary)).toMatch(/<system-err>[^<]*boom: no config[^<]*<\/system-err>/);
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

test('a program gets the fake model provider in connect.model and OPENAI_BASE_URL; its model request lands in the transcript', async () => {
  const client = await createCommandClient(
    nodeProgram(
      'console.log(JSON.stringify({type:"hello",protocol:1,name:"model-env"}));' +
        'require("readline").createInterface({input:process.stdin}).on("line",async(line)=>{const m=JSON.parse(line);' +
        'if(m.type==="connect"){const same=m.model.openai===process.env.OPENAI_BASE_URL&&m.model.url===process.env.TOOLSHIFT_MODEL_URL&&m.model.anthropic===process.env.ANTHROPIC_BASE_URL;' +
        'const r=await fetch(process.env.OPENAI_BASE_URL+"/chat/completions",{method:"POST",headers:{"content-type":"application/json",authorization:"Bearer "+process.env.OPENAI_API_KEY},' +
        'body:JSON.stringify({model:"m",messages:[{role:"user",content:"hi"}],tools:[{type:"function",function:{name:"valid_tool",parameters:{type:"object"}}}]})});' +
        'console.log(JSON.stringify({type:"note",text:"same="+same+" status="+r.status+" key="+process.env.OPENAI_API_KEY}));' +
        'console.log(JSON.stringify({type:"response",id:m.id,ok:true}));}' +
        'else if(m.id!==undefined)console.log(JSON.stringify({type:"response",id:m.id,ok:false,error:"no"}));' +
        'else if(m.type==="shutdown")process.exit(0);});',
    ),
  );
  const summary = await runSuite({
    scenarios: pick('one-valid-tool'),
    eras: ['modern'],
    transports: ['http'],
    clients: [client],
    settleTimeoutMs: 300,
  });
  const result = summary.results[0]!;
  expect(
    result.observations.flatMap((o) => (o.kind === 'note' && o.text.startsWith('same=') ? [o.text] : [])),
  ).toEqual(['same=true status=200 key=toolshift-fake-model-key']);
  const modelIn = result.transcript.find((frame) => frame.kind === 'model' && frame.direction === 'in');
  expect(modelIn?.model?.api).toBe('openai-chat');
  expect(modelIn?.model?.tools?.map((tool) => tool.name)).toEqual(['valid_tool']);
  expect(modelIn?.headers?.authorization).toBe('Bearer');
}, 180_000);

test('a program declaring agent-turn runs rm-03 through the fake model: its requests and the tool result it sends back are the evidence', async () => {
  // A host in a few lines that speaks no MCP itself (it offers the model rm-03's two tools as fixed
  // definitions): enough to show the agent-turn path; it refuses the unknown call, listing its tools.
  const client = await createCommandClient(
    nodeProgram(
      'console.log(JSON.stringify({type:"hello",protocol:1,name:"agent-turn-program",features:["agent-turn"]}));' +
        'const tools=[{type:"function",function:{name:"read_file",description:"Reads a file.",parameters:{type:"object"}}},{type:"function",function:{name:"write_file",description:"Writes a file.",parameters:{type:"object"}}}];' +
        'const post=(messages)=>fetch(process.env.OPENAI_BASE_URL+"/chat/completions",{method:"POST",headers:{"content-type":"application/json"},body:JSON.stringify({model:"m",messages,tools})}).then((r)=>r.json());' +
        'require("readline").createInterface({input:process.stdin}).on("line",async(line)=>{const m=JSON.parse(line);' +
        'if(m.type==="connect"){console.log(JSON.stringify({type:"tools",serverId:m.serverId,tools:[{name:"read_file",inputSchema:{type:"object"}},{name:"write_file",inputSchema:{type:"object"}}]}));console.log(JSON.stringify({type:"response",id:m.id,ok:true}));}' +
        'else if(m.type==="agent-turn"){const messages=[{role:"user",content:m.prompt}];for(let i=0;i<4;i++){const answer=(await post(messages)).choices[0].message;messages.push(answer);if(!answer.tool_calls)break;' +
        'for(const call of answer.tool_calls){const known=tools.some((t)=>t.function.name===call.function.name);messages.push({role:"tool",tool_call_id:call.id,content:known?"ok":"Error: unknown tool "+call.function.name+"; available: read_file, write_file"});}}' +
        'console.log(JSON.stringify({type:"response",id:m.id,ok:true}));}' +
        'else if(m.id!==undefined)console.log(JSON.stringify({type:"response",id:m.id,ok:false,error:"no"}));' +
        'else if(m.type==="shutdown")process.exit(0);});',
    ),
  );
  const summary = await runSuite({
    scenarios: pick('rm-03-unknown-tool-forwarded'),
    eras: ['modern'],
    transports: ['http'],
    clients: [client],
    settleTimeoutMs: 300,
  });
  const result = summary.results[0]!;
  expect(result.rawStatus).toBe('pass');
  const call = result.observations.find((o) => o.kind === 'model-call');
  expect(call).toMatchObject({
    name: 'delete_file',
    outcome: {
      kind: 'result',
      isError: true,
      text: expect.stringContaining('available: read_file, write_file'),
    },
  });
  expect(result.verdicts.find((v) => v.checkId === 'model.unknown-tool-error-lists-tools')?.status).toBe(
    'pass',
  );
  // Read from the wire: the program marks no tool strict, and every request observation says so.
  const requests = result.observations.filter((o) => o.kind === 'model-request');
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) expect(request).toMatchObject({ strictTools: 0 });
}, 180_000);
