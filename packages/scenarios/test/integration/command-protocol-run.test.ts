import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SCENARIOS } from '../../catalog/index.js';
import { checkAgainst, checkMessage } from '../../src/adapters/command/command-protocol-schema.js';
import { createCommandClient } from '../../src/adapters/command/create-command-client.js';
import { runSuite } from '../../src/runner/run-suite.js';

const example = fileURLToPath(
  new URL('../../examples/command-client/sdk-command-client.mjs', import.meta.url),
);
const RESULT_DEFINITION = {
  call: 'callResult',
  'model-request': 'modelRequestResult',
  'model-call': 'modelCallResult',
} as const;

test('every message of a full run, both directions, over http and stdio in both eras, matches the published schema', async () => {
  const lines: Array<{ direction: 'to-program' | 'from-program'; line: string }> = [];
  const client = await createCommandClient(`node ${JSON.stringify(example)}`, {
    tap: (direction, line) => lines.push({ direction, line }),
  });
  const summary = await runSuite({
    scenarios: SCENARIOS.filter((s) =>
      [
        'one-valid-tool',
        'same-name-on-two-servers',
        'lc-01-no-list-changed-handler',
        'tool-removed',
      ].includes(s.id),
    ),
    eras: ['legacy', 'modern'],
    transports: ['http', 'stdio'],
    clients: [client],
    concurrency: 2,
  });
  // Every cell ran (none n/a): the program connects over stdio through the command line it is handed.
  expect(summary.results.map((r) => r.status)).not.toContain('n/a');
  expect(summary.results.filter((r) => r.transport === 'stdio').length).toBe(8);
  expect(summary.results.filter((r) => r.status === 'pass').length).toBeGreaterThanOrEqual(12);

  const violations: string[] = [];
  const requestTypes = new Map<string, string>();
  let program = 0;
  for (const { direction, line } of lines) {
    const message = JSON.parse(line) as { type: string; id?: number; ok?: boolean; result?: unknown };
    const violation = checkMessage(direction === 'to-program' ? 'runner' : 'program', message);
    if (violation) violations.push(`${direction} ${line}: ${violation.message}`);
    if (message.type === 'hello') program++;
    // Request ids are per program; the hello starts a new one.
    const key = `${program}:${message.id}`;
    if (direction === 'to-program' && message.id !== undefined) requestTypes.set(key, message.type);
    if (direction === 'from-program' && message.type === 'response' && message.ok) {
      const definition = RESULT_DEFINITION[requestTypes.get(key) as keyof typeof RESULT_DEFINITION];
      const bad = definition ? checkAgainst(definition, message.result) : undefined;
      if (bad) violations.push(`result of ${line}: ${bad.message}`);
    }
  }
  expect(violations).toEqual([]);
  const sent = lines.filter((l) => l.direction === 'to-program').map((l) => JSON.parse(l.line));
  expect(new Set(sent.map((m) => m.type))).toEqual(new Set(['connect', 'call', 'shutdown']));
  expect(
    sent.some((m) => m.type === 'connect' && m.transport === 'stdio' && m.command && m.args.length),
  ).toBe(true);
  expect(lines.filter((l) => l.direction === 'from-program').length).toBeGreaterThan(50);
}, 180_000);

test('a program is handed every server of the cell up front in TOOLSHIFT_SERVERS', async () => {
  const client = await createCommandClient(
    `${process.execPath} -e ${JSON.stringify(
      'console.log(JSON.stringify({type:"hello",protocol:1,name:"up-front",features:["multi-server"],transports:["http","stdio"]}));' +
        'const servers=JSON.parse(process.env.TOOLSHIFT_SERVERS||"[]");' +
        'console.log(JSON.stringify({type:"note",text:"servers="+servers.map(s=>s.serverId+"@"+s.transport+":"+(s.url?"url":"cmd")).join(",")}));' +
        'require("readline").createInterface({input:process.stdin}).on("line",(line)=>{const m=JSON.parse(line);' +
        'if(m.type==="shutdown")process.exit(0);' +
        'console.log(JSON.stringify({type:"response",id:m.id,ok:false,error:"not a client",code:"UNSUPPORTED_REQUEST"}));});',
    )}`,
  );
  const summary = await runSuite({
    scenarios: SCENARIOS.filter((s) => s.id === 'same-name-on-two-servers'),
    eras: ['legacy'],
    transports: ['http', 'stdio'],
    clients: [client],
    settleTimeoutMs: 300,
  });
  const notes = summary.results.map(
    (r) =>
      `${r.transport}: ${r.observations.flatMap((o) => (o.kind === 'note' && o.text.startsWith('servers=') ? [o.text] : [])).join()}`,
  );
  expect(notes.sort()).toEqual([
    'http: servers=work@http:url,personal@http:url',
    'stdio: servers=work@stdio:cmd,personal@stdio:cmd',
  ]);
}, 60_000);
