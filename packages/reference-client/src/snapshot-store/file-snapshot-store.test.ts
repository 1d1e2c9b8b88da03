import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSnapshotStore } from './file-snapshot-store.js';
import type { StoredServerRecord } from './snapshot-store.js';

const key = { server: 'docs http://x/mcp', credentialProfileId: 'alice', protocolRevision: '2025-11-25' };
const record: StoredServerRecord = {
  savedAtMs: 1,
  era: 'legacy',
  protocolRevision: '2025-11-25',
  tools: { any: 1 },
};

describe('FileSnapshotStore', () => {
  it('round-trips a record atomically, owner-only, one file per key', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'toolshift-fs-')), 'store');
    const store = new FileSnapshotStore(dir);
    expect(await store.load(key)).toBeUndefined();
    await store.save(key, record);
    await store.save(key, { ...record, savedAtMs: 2 });
    expect(await store.load(key)).toEqual({ ...record, savedAtMs: 2 });
    expect(readdirSync(dir)).toEqual([store.fileFor(key).split('/').pop()]);
    expect(statSync(store.fileFor(key)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await store.delete(key);
    expect(await store.load(key)).toBeUndefined();
  });

  it('never reads a record under another profile or revision', async () => {
    const store = new FileSnapshotStore(mkdtempSync(join(tmpdir(), 'toolshift-fs-')));
    await store.save(key, record);
    expect(await store.load({ ...key, credentialProfileId: 'bob' })).toBeUndefined();
    expect(await store.load({ ...key, credentialProfileId: null })).toBeUndefined();
    expect(await store.load({ ...key, protocolRevision: '2026-07-28' })).toBeUndefined();
  });

  it('ignores a file that is not JSON, of another format, or stored under another key', async () => {
    const store = new FileSnapshotStore(mkdtempSync(join(tmpdir(), 'toolshift-fs-')));
    await store.save(key, record);
    const file = store.fileFor(key);
    const valid = readFileSync(file, 'utf8');
    writeFileSync(file, '{"format":');
    expect(await store.load(key)).toBeUndefined();
    writeFileSync(file, valid.replace('"alice"', '"mallory"'));
    expect(await store.load(key)).toBeUndefined();
    writeFileSync(file, valid.replace('toolshift-snapshot-store', 'something-else'));
    expect(await store.load(key)).toBeUndefined();
    writeFileSync(file, valid.replace('"savedAtMs":1', '"savedAtMs":"1"'));
    expect(await store.load(key)).toBeUndefined();
  });
});
