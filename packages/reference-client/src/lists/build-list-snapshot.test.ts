import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMA_LIMITS } from '../schema-gate/schema-limits.js';
import { buildListSnapshot } from './build-list-snapshot.js';

const listing = (entries: unknown[]) => ({
  entries,
  pageCount: 1,
  ttlMs: 0,
  cacheScope: 'public' as const,
  warnings: [],
});
const context = {
  serverId: 's',
  era: 'modern' as const,
  protocolRevision: '2026-07-28',
  nowMs: 5,
  ttlMs: 0,
  limits: DEFAULT_SCHEMA_LIMITS,
};

describe('buildListSnapshot', () => {
  it('keeps valid prompts and excludes the rest, each with a reason and a pointer', () => {
    const snapshot = buildListSnapshot(
      'prompts',
      listing([
        { name: 'ok', arguments: [{ name: 'code', required: true }], _meta: { ignored: true } },
        { name: 'bad\u0007name' },
        'text',
        { name: 'args', arguments: [{ description: 'no name' }] },
        { name: 'dup', description: 'one' },
        { name: 'dup', description: 'two' },
        { name: 'same', description: 'x' },
        { name: 'same', description: 'x' },
      ]),
      context,
    );
    expect(snapshot.entries.map((e) => ('name' in e ? e.name : ''))).toEqual(['ok', 'same']);
    expect(snapshot.entry('ok')).toMatchObject({
      serverId: 's',
      arguments: [{ name: 'code', required: true }],
      discoveredAtMs: 5,
    });
    expect(snapshot.entry('ok')).not.toHaveProperty('_meta');
    expect(snapshot.excluded.map(({ key, reason, pointer }) => `${key}:${reason}:${pointer}`)).toEqual([
      'bad\u0007name:invalid-name:/name',
      '#2:not-an-object:',
      'args:invalid-field:/arguments/0',
      'dup:duplicate:',
    ]);
  });

  it('keys resources by absolute URI; an unchanged entry keeps its record', () => {
    const first = buildListSnapshot(
      'resources',
      listing([
        { uri: 'file:///a.md', name: 'a', size: 3 },
        { uri: 'relative/path', name: 'r' },
        { uri: 'file:///b.md', name: 'b', size: -1 },
      ]),
      context,
    );
    expect(first.entries.map((e) => ('uri' in e ? e.uri : ''))).toEqual(['file:///a.md']);
    expect(first.excluded.map((e) => `${e.key}:${e.reason}`)).toEqual([
      'relative/path:invalid-uri',
      'file:///b.md:invalid-field',
    ]);
    const second = buildListSnapshot('resources', listing([{ name: 'a', size: 3, uri: 'file:///a.md' }]), {
      ...context,
      nowMs: 9,
      previous: first,
    });
    expect(second.entry('file:///a.md')).toBe(first.entry('file:///a.md'));
    expect(second.listHash).toBe(first.listHash);
  });
});
