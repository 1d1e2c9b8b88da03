import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { noPermissionTransfer } from './no-permission-transfer.js';

function twoServers(): History {
  const h = new History();
  h.connections = [
    { serverId: 'work', principal: 'work' },
    { serverId: 'personal', principal: 'personal' },
  ];
  h.permission('work', 'send_email', true, 'standing');
  h.call('send_email', { to: 'a' }, { principal: 'work' });
  return h;
}

describe('permissions.no-transfer-across-servers', () => {
  test('passes when each identity was granted on its own', () => {
    const h = twoServers();
    h.permission('personal', 'send_email', true, 'asked');
    h.call('send_email', { to: 'b' }, { principal: 'personal' });
    expect(noPermissionTransfer.check(h.record()).status).toBe('pass');
  });

  test('fails when the grant for work/send_email lets personal/send_email run unasked', () => {
    const h = twoServers();
    const { request } = h.call('send_email', { to: 'b' }, { principal: 'personal' });
    const verdict = noPermissionTransfer.check(h.record());
    expect(verdict.status).toBe('fail');
    expect(verdict.evidence.at(-1)!.seq).toBe(request.seq);
    expect(verdict.nearMiss).toContain('keyed by tool name alone');
  });

  test('fails when the call runs after the user refused it', () => {
    const h = twoServers();
    h.permission('personal', 'send_email', false, 'asked');
    h.call('send_email', { to: 'b' }, { principal: 'personal' });
    expect(noPermissionTransfer.check(h.record()).nearMiss).toContain('refused');
  });
});
