import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { listsReportedCurrent } from './lists-reported-current.js';
import { stateAgreesWithTools } from './state-agrees-with-tools.js';
import { toolMetaAsServed } from './tool-meta-as-served.js';

const meta = (version: string) => ({ 'ui/resourceUri': `ui://charts/${version}` });

describe('registry.tool-meta-as-served (issue 26: the host sees the tool’s _meta)', () => {
  /** Exposes `chart` holding `held` as its _meta (none when undefined). */
  const expose = (h: History, held: Record<string, unknown> | undefined) =>
    h.observations.push({
      kind: 'exposure',
      afterSeq: h.lastSeq,
      tools: [{ serverId: h.serverId, name: 'chart', ...(held ? { _meta: held } : {}) }],
    });
  const run = (held: Record<string, unknown> | undefined) => {
    const h = new History('legacy');
    h.listing([{ name: 'chart', _meta: meta('v1') } as never]);
    expose(h, meta('v1'));
    h.change('new _meta');
    h.listing([{ name: 'chart', _meta: meta('v2') } as never]);
    expose(h, held);
    return h.record();
  };

  test('passes a host holding the _meta last served, fails one holding an older or no _meta', () => {
    expect(toolMetaAsServed.check(run(meta('v2'))).status).toBe('pass');
    const stale = toolMetaAsServed.check(run(meta('v1')));
    expect(stale.status).toBe('fail');
    expect(stale.nearMiss).toContain('kept an older _meta');
    expect(toolMetaAsServed.check(run(undefined)).status).toBe('fail');
  });

  test('is inconclusive when no tool carries _meta, and for a host that reports none at all', () => {
    const plain = new History('legacy');
    plain.listing([{ name: 'a' }]);
    plain.expose([{ name: 'a' }]);
    expect(toolMetaAsServed.check(plain.record()).status).toBe('inconclusive');
    const silent = new History('legacy');
    silent.listing([{ name: 'chart', _meta: meta('v1') } as never]);
    silent.expose([{ name: 'chart' }]);
    expect(toolMetaAsServed.check(silent.record())).toMatchObject({
      status: 'inconclusive',
      message: expect.stringContaining('reports no tool'),
    });
  });
});

describe('lists.reported-current (issue 26: resources and prompts current after a change)', () => {
  const record = (shown: string[]) => {
    const h = new History('legacy');
    h.observations.push({
      kind: 'prompts',
      afterSeq: 0,
      serverId: h.serverId,
      prompts: shown.map((name) => ({ name })),
    });
    return { ...h.record(), finalLists: { prompts: ['summarize', 'review'] } };
  };
  test('passes the current prompts, fails a stale set naming what is missing', () => {
    expect(listsReportedCurrent.check(record(['review', 'summarize']), { list: 'prompts' }).status).toBe(
      'pass',
    );
    const stale = listsReportedCurrent.check(record(['summarize']), { list: 'prompts' });
    expect(stale.status).toBe('fail');
    expect(stale.message).toContain("missing 'review'");
  });
  test('is inconclusive when the server serves no such list or the host reports none', () => {
    expect(listsReportedCurrent.check(record(['x']), { list: 'resources' }).status).toBe('inconclusive');
    const h = new History('legacy');
    expect(
      listsReportedCurrent.check({ ...h.record(), finalLists: { prompts: [] } }, { list: 'prompts' }).status,
    ).toBe('inconclusive');
    expect(listsReportedCurrent.validateParams?.({ list: 'tools' })).toContain('resources or prompts');
  });
});

describe('state.agrees-with-tools (issue 26: reported status agrees with the tools offered)', () => {
  const run = (state: string, offered: boolean) => {
    const h = new History('legacy');
    h.listing([{ name: 'a' }, { name: 'b' }]);
    h.expose(offered ? [{ name: 'a' }, { name: 'b' }] : []);
    h.observations.push({
      kind: 'server-state',
      afterSeq: h.lastSeq,
      serverId: h.serverId,
      state,
      reported: true,
    });
    return h.record();
  };
  test('ready with tools offered and authRequired with none pass', () => {
    expect(stateAgreesWithTools.check(run('ready', true)).status).toBe('pass');
    expect(stateAgreesWithTools.check(run('authRequired', false)).status).toBe('pass');
  });
  test('ready with none offered, and a failure state still offering tools, fail', () => {
    expect(stateAgreesWithTools.check(run('ready', false)).status).toBe('fail');
    const failed = stateAgreesWithTools.check(run('failed', true));
    expect(failed.status).toBe('fail');
    expect(failed.message).toContain('still offers 2');
  });
  test('states it does not judge, or none at all, leave it inconclusive', () => {
    expect(stateAgreesWithTools.check(run('stale', true)).status).toBe('inconclusive');
    expect(stateAgreesWithTools.check(new History('legacy').record()).status).toBe('inconclusive');
  });
});
