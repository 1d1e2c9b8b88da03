import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { addTool, expireSession, removeTool, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, it } from 'vitest';
import { DiscoveryHost, FileSnapshotStore } from '../../src/index.js';
import { tool } from './fake-endpoint.js';
import { testResources } from './test-resources.js';

const run = promisify(execFile);
const cleanup = testResources();
const fixture = fileURLToPath(new URL('../fixtures/cold-start-host.ts', import.meta.url));

/** Runs the cold-start host as a real second process; resolves with what it reported. */
async function secondProcess(env: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    ['--conditions=toolshift-source', '--import', 'tsx', fixture],
    {
      env: { ...process.env, ...env },
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as {
    restored: { state: string; lastKnown: string[]; verified: string[] };
    call: { ok: boolean; code?: string };
    refreshed: { state: string; verified: string[] };
  };
}

describe('cold start from a persisted snapshot (a real second process)', () => {
  it('shows the stored tools as stale, never runs them unverified, re-lists, and replaces an expired session id once', async () => {
    const storeDir = mkdtempSync(join(tmpdir(), 'toolshift-store-'));
    const fake = await cleanup.fake(
      scriptBuilder('cold-start')
        .tools(tool('alpha'), tool('gamma'))
        .step('swap', addTool(tool('beta')))
        .step('drop-gamma', removeTool('gamma'))
        .step('expire', expireSession())
        .build(),
    );
    // First process (this one): discover, persist, shut down leaving the session open.
    const first = new DiscoveryHost({
      clientInfo: { name: 'first-process', version: '1.0.0' },
      snapshotStore: new FileSnapshotStore(storeDir),
    });
    expect((await first.addServer({ serverId: 'docs', url: fake.url, era: 'legacy' })).state).toBe('ready');
    await first.flush();
    await first.close();
    const [file] = readdirSync(storeDir);
    expect(readdirSync(storeDir)).toHaveLength(1); // one record; no temporary file left behind
    const storedSession = (
      JSON.parse(readFileSync(join(storeDir, file!), 'utf8')) as {
        record: { session: { sessionId: string } };
      }
    ).record.session.sessionId;
    const firstFrames = fake.server.transcript.frames.length;
    // Meanwhile the server changed its catalog and forgot every session.
    for (const step of ['swap', 'drop-gamma', 'expire']) fake.server.apply(step);

    const second = await secondProcess({
      TOOLSHIFT_STORE_DIR: storeDir,
      TOOLSHIFT_SERVER_URL: fake.url,
      TOOLSHIFT_CALL: 'gamma',
    });
    // At start: the stored tools as last-known and stale, nothing verified (nothing executable).
    expect(second.restored).toEqual({ state: 'stale', lastKnown: ['alpha', 'gamma'], verified: [] });
    // Calling a tool only the stored listing has: the call verified the server first, and the
    // tool is gone; it never reached the server.
    expect(second.call).toEqual({ ok: false, code: 'TOOL_UNAVAILABLE' });
    expect(second.refreshed).toEqual({ state: 'ready', verified: ['alpha', 'beta'] });

    const frames = fake.server.transcript.frames.slice(firstFrames);
    const inbound = frames.filter((f) => f.direction === 'in' && f.message && 'method' in f.message);
    const methods = inbound.map((f) => (f.message as { method: string }).method);
    expect(methods).not.toContain('tools/call');
    // The stored session was tried once (HTTP 404), then one new session replaced it.
    const rejected = frames.filter((f) => f.direction === 'out' && f.httpStatus === 404);
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect(new Set(rejected.map((f) => f.sessionId))).toEqual(new Set([storedSession]));
    expect(methods.filter((m) => m === 'initialize')).toHaveLength(1);
    const stored = await new FileSnapshotStore(storeDir).load({
      server: `docs ${fake.url}`,
      credentialProfileId: null,
      protocolRevision: '2025-11-25',
    });
    const replacement = stored!.session!.sessionId;
    expect(replacement).not.toBe(storedSession);
    expect((stored!.tools as { tools: Array<{ name: string }> }).tools.map((t) => t.name)).toEqual([
      'alpha',
      'beta',
    ]);
    // In memory too: everything after the new initialize carried the new id.
    const initializeAt = inbound.find((f) => (f.message as { method: string }).method === 'initialize')!.seq;
    const later = inbound.filter((f) => f.seq > initializeAt && f.sessionId !== undefined);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((f) => f.sessionId === replacement)).toBe(true);

    // A third start resumes the replacement: no 404, no new session.
    const before = fake.server.transcript.frames.length;
    const third = await secondProcess({
      TOOLSHIFT_STORE_DIR: storeDir,
      TOOLSHIFT_SERVER_URL: fake.url,
      TOOLSHIFT_CALL: 'beta',
    });
    expect(third.restored).toEqual({ state: 'stale', lastKnown: ['alpha', 'beta'], verified: [] });
    expect(third.call).toEqual({ ok: true });
    const thirdFrames = fake.server.transcript.frames.slice(before);
    expect(thirdFrames.filter((f) => f.direction === 'out' && f.httpStatus === 404)).toEqual([]);
    expect(
      thirdFrames.filter(
        (f) => f.direction === 'in' && (f.message as { method?: string })?.method === 'initialize',
      ),
    ).toEqual([]);
    expect(
      thirdFrames.filter((f) => f.sessionId !== undefined).every((f) => f.sessionId === replacement),
    ).toBe(true);
  }, 120_000);
});
