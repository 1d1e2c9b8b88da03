// Issue 28: a session recorded through `toolshift proxy` against a real server becomes a scenario
// that judges other clients, and a recorded race replays deterministically.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startHttpTransport } from '@toolshift/fake-server/http';
import { createProxyServer, SecretRedactor, SessionRecorder } from '@toolshift/fake-server/proxy';
import { afterEach, describe, expect, test } from 'vitest';
import { CLIENT_ADAPTERS } from '../../src/adapters/index.js';
import { scenarioFromRecording } from '../../src/recording/scenario-from-recording.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { loadScenarioFile } from '../../src/scenario-file/load-scenario-file.js';
import { toolshiftNodeArgs } from '../support/cli-command.js';
import { cli } from '../support/cli-in-process.js';
import { comparableCell } from '../support/comparable-cell.js';
import { type OfficialServer, startOfficialServer } from '../support/official-server.js';

const SECRET = 'Bearer s3cret-upstream-token-28';
let upstream: OfficialServer | undefined;
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  await upstream?.close();
  upstream = undefined;
});

/** Starts `toolshift proxy ARGS` and resolves with its MCP URL once its ready file exists. */
async function startProxyCli(args: string[], ready: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, toolshiftNodeArgs(['proxy', ...args, '--ready-file', ready]), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/admin API http/.test(output)) {
        const poll = () => (existsSync(ready) ? resolve() : setTimeout(poll, 10));
        poll();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`toolshift proxy exited ${code}: ${output}`)));
  });
  child.removeAllListeners('exit');
  return { url: JSON.parse(readFileSync(ready, 'utf8')).url, child };
}

describe('toolshift scenario from-recording', () => {
  test('a session recorded against the official TypeScript server fails a client that ignores list_changed and passes the reference client', async () => {
    upstream = await startOfficialServer();
    const dir = mkdtempSync(join(tmpdir(), 'toolshift-recording-'));
    const recordingFile = join(dir, 'session.json');
    const { url, child } = await startProxyCli(
      [
        '--upstream',
        upstream.url,
        '--upstream-header',
        `Authorization: ${SECRET}`,
        '--record',
        recordingFile,
      ],
      join(dir, 'ready.json'),
    );
    // A real client library through the proxy: it lists, calls, makes the upstream add a tool, and re-lists on the signal.
    const client = new Client({ name: 'recorded-host', version: '1.0.0' });
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'add', 'add_tool']);
    // The host happens to pass the proxy's upstream credential in an argument: the recording must not keep it.
    await client.callTool({ name: 'echo', arguments: { text: 'using s3cret-upstream-token-28 here' } });
    await client.callTool({ name: 'add_tool', arguments: {} });
    await changed;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('late_1');
    await client.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;

    const text = readFileSync(recordingFile, 'utf8');
    expect(text).not.toContain('s3cret-upstream-token-28');
    expect(text).toContain('using [redacted] here');
    const recording = JSON.parse(text);
    expect(recording.events.some((event: { side: string }) => event.side === 'upstream')).toBe(true);

    const scenarioFile = join(dir, 'recorded.yaml');
    const converted = await cli(['scenario', 'from-recording', recordingFile, '--out', scenarioFile]);
    expect(converted.code).toBe(0);
    const scenario = await loadScenarioFile(scenarioFile);
    expect(scenario.servers[0]!.script!.steps).toHaveLength(1);

    const buggy = await runSuite({
      scenarios: [scenario],
      eras: scenario.eras,
      transports: ['http'],
      clients: [CLIENT_ADAPTERS['defect:ignores-list-changed']!],
      settleTimeoutMs: 1500,
    });
    expect(buggy.results.map((result) => result.status)).toEqual(['fail']);
    const failed = buggy.results[0]!.verdicts.filter((verdict) => verdict.status === 'fail');
    expect(failed.map((verdict) => verdict.checkId)).toContain('registry.matches-final-catalog');

    const reference = await runSuite({
      scenarios: [scenario],
      eras: scenario.eras,
      transports: ['http'],
      clients: [CLIENT_ADAPTERS.reference!],
    });
    expect(reference.results.map((result) => result.status)).toEqual(['pass']);
  }, 120_000);

  test('a change recorded between two pages of a listing replays there, the same way every run', async () => {
    upstream = await startOfficialServer();
    const recorder = new SessionRecorder(upstream.url, new SecretRedactor());
    const proxy = await createProxyServer({
      upstream: { kind: 'http', url: upstream.url },
      script: { toolshiftScript: 1, pagination: { pageSize: 2 } },
      wrapChannel: recorder.tap,
    });
    cleanups.push(() => proxy.close());
    recorder.attach(proxy.server, proxy.profile);
    const http = await startHttpTransport(proxy.server);
    cleanups.push(() => http.close());
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const list = async (id: number, cursor?: string) => {
      const response = await fetch(http.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/list',
          params: { _meta: meta, ...(cursor !== undefined ? { cursor } : {}) },
        }),
      });
      const body = (await response.json()) as {
        result: { tools: Array<{ name: string }>; nextCursor?: string };
      };
      return body.result;
    };
    const first = await list(1);
    expect(first.tools.map((tool) => tool.name)).toEqual(['echo', 'add']);
    // The upstream changes while the host is between page 1 and page 2.
    const other = new Client({ name: 'other', version: '1' });
    await other.connect(new StreamableHTTPClientTransport(new URL(upstream.url)));
    await other.callTool({ name: 'add_tool', arguments: {} });
    await other.close();
    await proxy.server.waitFor((frame) => frame.kind === 'step' && frame.step === 'upstream-1', {
      timeoutMs: 10_000,
    });
    await list(2, first.nextCursor);
    recorder.stop();

    const scenario = scenarioFromRecording(recorder.recording(), { id: 'recorded-race' });
    const steps = scenario.servers[0]!.script!.steps!;
    expect(steps).toEqual([expect.objectContaining({ id: 'change-1', trigger: { betweenPages: 1 } })]);
    expect(scenario.clientActions.some((action) => action.do === 'step')).toBe(false);

    const run = () =>
      runSuite({
        scenarios: [scenario],
        eras: ['modern'],
        transports: ['http'],
        clients: [CLIENT_ADAPTERS.reference!],
        seed: 28,
      });
    const [one, two] = [await run(), await run()];
    expect(one.results.map((result) => result.status)).toEqual(['pass']);
    expect(comparableCell(two.results[0]!)).toEqual(comparableCell(one.results[0]!));
    // In the replay, the change lands right after page 1 of the first listing, before page 2 is asked for.
    const frames = one.results[0]!.servers[0]!.transcript;
    const step = frames.find((frame) => frame.kind === 'step' && frame.step === 'change-1')!;
    const listings = frames.filter(
      (frame) => frame.direction === 'in' && (frame.message as { method?: string })?.method === 'tools/list',
    );
    expect(listings[0]!.seq).toBeLessThan(step.seq);
    expect(listings[1]!.seq).toBeGreaterThan(step.seq);
  }, 120_000);
});
