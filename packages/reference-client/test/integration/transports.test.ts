import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeServer, scriptBuilder } from '@toolshift/fake-server';
import { createInMemoryPair, type InMemoryServerEnd } from '@toolshift/fake-server/in-memory';
import { describe, expect, it, vi } from 'vitest';
import { DiscoveryHost, type DiscoveryHostOptions } from '../../src/index.js';
import { tool } from './fake-endpoint.js';
import { ManualClock } from './manual-clock.js';
import { testResources } from './test-resources.js';

const clientInfo = { name: 'transport-test', version: '1.0.0' };
const cleanup = testResources();
const fixture = fileURLToPath(new URL('../fixtures/stdio-fake-server.ts', import.meta.url));
/** Spawning tsx from source is slow on a busy machine: a generous safety net, never an assertion. */
const SPAWN_WAIT = { timeout: 20_000, interval: 20 };

function host(options: Partial<DiscoveryHostOptions> = {}): DiscoveryHost {
  const created = new DiscoveryHost({ clientInfo, permissions: { defaultDecision: 'allow' }, ...options });
  cleanup.push(() => created.close());
  return created;
}

/** The fixture server as a stdio command with `env`. */
function stdioServer(env: Record<string, string>) {
  const script = scriptBuilder('stdio')
    .tools(tool('search', { q: { type: 'string' } }))
    .build();
  return {
    command: process.execPath,
    args: ['--conditions=toolshift-source', '--import', 'tsx', fixture],
    env: { TOOLSHIFT_SCRIPT: JSON.stringify(script), ...env },
  };
}

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'toolshift-stdio-'));
}

/** `pid method` lines the fixture recorded, grouped by pid in order of first appearance. */
function recorded(file: string): Array<{ pid: string; methods: string[] }> {
  const byPid = new Map<string, string[]>();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [pid, method] = line.split(' ') as [string, string];
    byPid.set(pid, [...(byPid.get(pid) ?? []), method]);
  }
  return [...byPid].map(([pid, methods]) => ({ pid, methods }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stdio servers (a real child process)', () => {
  it.each(['legacy', 'modern'] as const)(
    'are spawned with args and env, listed, called, and reaped on close (%s)',
    async (era) => {
      const discovery = host();
      const state = await discovery.addServer({
        serverId: 'local',
        stdio: stdioServer({ TOOLSHIFT_STDERR: 'fixture says hello' }),
        era,
      });
      expect(state).toMatchObject({ state: 'ready', era, toolCount: 1 });
      expect(state.endpoint).toContain('stdio-fake-server.ts');
      const pid = state.process!.pid!;
      expect(alive(pid)).toBe(true);
      await vi.waitFor(() =>
        expect(discovery.serverState('local').process?.stderrTail).toContain('fixture says hello'),
      );
      const result = await discovery.callTool({
        serverId: 'local',
        toolName: 'search',
        arguments: { q: 'x' },
      });
      expect(result.content).toEqual([{ type: 'text', text: '{"q":"x"}' }]);
      await discovery.close();
      await vi.waitFor(() => expect(alive(pid)).toBe(false), SPAWN_WAIT);
    },
  );

  it('a server that exits on server/discover is never written to again: initialize goes to a fresh process', async () => {
    const dir = scratch();
    const record = join(dir, 'record.txt');
    const discovery = host();
    const state = await discovery.addServer({
      serverId: 'old',
      stdio: stdioServer({ TOOLSHIFT_RECORD: record, TOOLSHIFT_EXIT_ON_DISCOVER: '1' }),
      era: 'auto',
    });
    expect(state).toMatchObject({ state: 'ready', era: 'legacy', negotiationFallback: 'probe-closed' });
    const [first, second, ...rest] = recorded(record);
    expect(first!.methods).toEqual(['server/discover']);
    expect(second!.methods.slice(0, 3)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(second!.methods).not.toContain('server/discover');
    expect(rest).toEqual([]);
    expect(Number(second!.pid)).toBe(state.process!.pid);
  });

  it('a crashed server is respawned after a backoff; its exit and stderr reach the server state', async () => {
    const dir = scratch();
    const crashed = join(dir, 'crashed');
    const clock = new ManualClock();
    const discovery = host({ clock });
    const first = await discovery.addServer({
      serverId: 'flaky',
      stdio: stdioServer({ TOOLSHIFT_CRASH_ONCE: crashed }),
      era: 'legacy',
    });
    expect(first.state).toBe('ready');
    const firstPid = first.process!.pid!;
    await vi.waitFor(
      () => expect(discovery.serverState('flaky').failure?.reason).toBe('connection-lost'),
      SPAWN_WAIT,
    );
    const lost = discovery.serverState('flaky');
    expect(existsSync(crashed)).toBe(true);
    expect(lost).toMatchObject({ state: 'stale', toolCount: 1, process: { pid: null, exit: 'exit code 3' } });
    expect(lost.process!.stderrTail).toContain('crashing after the first tools/list');
    expect(lost.failure!.message).toContain('exit code 3');
    // A call made while the process is down waits (up to changeWaitMs) for the respawned,
    // re-listed server: it is never sent to the dead one.
    const call = discovery.callTool({ serverId: 'flaky', toolName: 'search', arguments: { q: 'y' } });
    // Backoff attempt 0: initialMs (1,000) minus jitter (0.2 × 0.5) = 900 ms on the host clock.
    clock.advance(899);
    expect(discovery.serverState('flaky').process?.pid).toBeNull();
    clock.advance(1);
    await vi.waitFor(() => expect(discovery.serverState('flaky').state).toBe('ready'), SPAWN_WAIT);
    const respawned = discovery.serverState('flaky');
    expect(respawned.process!.pid).not.toBe(firstPid);
    expect(alive(firstPid)).toBe(false);
    expect((await call).content).toEqual([{ type: 'text', text: '{"q":"y"}' }]);
  });

  it('a command that cannot be spawned is failed (network-unreachable, ENOENT), never a crash', async () => {
    const state = await host().addServer({
      serverId: 'missing',
      stdio: { command: join(scratch(), 'no-such-server') },
    });
    expect(state).toMatchObject({
      state: 'failed',
      failure: { kind: 'network-unreachable', reason: 'enoent' },
    });
  });
});

describe('any SDK Transport (in-memory)', () => {
  it('connects through the factory and reconnects with a fresh transport after the peer closed', async () => {
    const server = createFakeServer(scriptBuilder('memory').tools(tool('alpha')).build());
    const ends: InMemoryServerEnd[] = [];
    const clock = new ManualClock();
    const discovery = host({ clock });
    const state = await discovery.addServer({
      serverId: 'mem',
      transport: () => {
        const [client, end] = createInMemoryPair(server);
        ends.push(end);
        return client;
      },
      transportName: 'in-memory fake',
      era: 'modern',
    });
    expect(state).toMatchObject({ state: 'ready', era: 'modern', endpoint: 'in-memory fake', toolCount: 1 });
    ends[0]!.close();
    await vi.waitFor(() => expect(discovery.serverState('mem').failure?.reason).toBe('connection-lost'));
    clock.advance(900);
    await vi.waitFor(() => expect(discovery.serverState('mem').state).toBe('ready'));
    expect(ends).toHaveLength(2);
  });
});
