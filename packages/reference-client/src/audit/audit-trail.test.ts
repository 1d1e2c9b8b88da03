import { describe, expect, it } from 'vitest';
import { DisabledAuditTrail, InMemoryAuditTrail } from './audit-trail.js';

describe('audit trails', () => {
  it('numbers and timestamps records and keeps the newest `capacity`', () => {
    const trail = new InMemoryAuditTrail(2);
    for (let i = 0; i < 3; i++) trail.record({ type: 'state', serverId: `s${i}`, state: 'ready' }, 100 + i);
    expect(trail.records()).toEqual([
      { type: 'state', serverId: 's1', state: 'ready', seq: 2, atMs: 101 },
      { type: 'state', serverId: 's2', state: 'ready', seq: 3, atMs: 102 },
    ]);
  });

  it('keeps nothing when disabled', () => {
    const trail = new DisabledAuditTrail();
    trail.record({ type: 'state', serverId: 's', state: 'ready' }, 0);
    expect(trail.records()).toEqual([]);
  });
});
