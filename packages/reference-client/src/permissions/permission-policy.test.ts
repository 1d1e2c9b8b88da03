import { describe, expect, it } from 'vitest';
import { PermissionPolicy } from './permission-policy.js';

describe('PermissionPolicy', () => {
  it('keys rules by the full identity: approving Work/create_issue never approves Personal/create_issue', () => {
    const policy = new PermissionPolicy();
    policy.setToolPolicy({ serverId: 'work', toolName: 'create_issue' }, 'allow');
    expect(policy.decide({ serverId: 'work', toolName: 'create_issue' })).toEqual({
      decision: 'allow',
      source: 'tool-policy',
    });
    expect(policy.decide({ serverId: 'personal', toolName: 'create_issue' })).toEqual({
      decision: 'ask',
      source: 'default',
    });
  });

  it('does not confuse identities whose parts contain the separator', () => {
    const policy = new PermissionPolicy({ defaultDecision: 'deny' });
    policy.setToolPolicy({ serverId: 'a/b', toolName: 'c' }, 'allow');
    expect(policy.decide({ serverId: 'a', toolName: 'b/c' }).decision).toBe('deny');
  });

  it('disables servers per chat, before any tool rule', () => {
    const policy = new PermissionPolicy();
    policy.setToolPolicy({ serverId: 'work', toolName: 'search' }, 'allow');
    policy.setServerEnabled('chat-1', 'work', false);
    expect(policy.decide({ serverId: 'work', toolName: 'search' }, 'chat-1')).toEqual({
      decision: 'deny',
      source: 'server-disabled',
    });
    expect(policy.decide({ serverId: 'work', toolName: 'search' }, 'chat-2').decision).toBe('allow');
    const closed = new PermissionPolicy({ serversEnabledByDefault: false });
    closed.setServerEnabled('chat-1', 'work', true);
    expect(closed.isServerEnabled('work', 'chat-1')).toBe(true);
    expect(closed.isServerEnabled('work', 'chat-2')).toBe(false);
  });

  it('falls back to the default when a rule is cleared', () => {
    const policy = new PermissionPolicy({ defaultDecision: 'deny' });
    const key = { serverId: 's', toolName: 't' };
    policy.setToolPolicy(key, 'allow');
    policy.clearToolPolicy(key);
    expect(policy.decide(key).decision).toBe('deny');
  });
});
