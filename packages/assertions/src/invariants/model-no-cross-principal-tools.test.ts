import { describe, expect, test } from 'vitest';
import { History } from '../../test/support/history.js';
import { modelRequest, modelTool } from '../../test/support/model-observations.js';
import { modelNoCrossPrincipalTools } from './model-no-cross-principal-tools.js';

/** One fake server, two connections: admin (served `admin_panel` and `read`) and user (served `read`). */
function twoPrincipals(scope: 'private' | 'public' = 'private'): History {
  const h = new History();
  h.connections = [
    { serverId: 'admin-conn', principal: 'admin' },
    { serverId: 'user-conn', principal: 'user' },
  ];
  h.listing([{ name: 'read' }, { name: 'admin_panel' }], 2, { principal: 'admin' }, scope);
  h.listing([{ name: 'read' }], 1, { principal: 'user' }, scope);
  return h;
}

describe('model.no-cross-principal-tools', () => {
  test("fails when the user's model request offers the admin's private tool, naming both principals", () => {
    const h = twoPrincipals();
    const listingSeq = h.frames.find(
      (frame) => frame.principal === 'admin' && frame.direction === 'out',
    )!.seq;
    h.observations.push(
      modelRequest(h.lastSeq, [
        modelTool('user-conn__read', 'user-conn', 'read'),
        modelTool('user-conn__admin_panel', 'user-conn', 'admin_panel'),
      ]),
    );
    const verdict = modelNoCrossPrincipalTools.check(h.record());
    expect(verdict).toMatchObject({
      status: 'fail',
      message:
        "A model request offered the model 'user-conn__admin_panel' as user-conn's (user) tool 'admin_panel', which only admin was ever served, privately.",
      nearMiss: expect.stringContaining('wrong credentials'),
    });
    expect(verdict.evidence[0]).toEqual({ seq: listingSeq, note: 'private listing served to admin' });
    expect(verdict.evidence.at(-1)!.note).toBe('model request for user via user-conn');
  });

  test("passes when each connection's tools came from its own principal's listing, renamed or rewritten", () => {
    const h = twoPrincipals();
    h.observations.push(
      modelRequest(h.lastSeq, [
        modelTool('admin-conn__admin_panel', 'admin-conn', 'admin_panel', {
          type: 'object',
          additionalProperties: true,
        }),
        modelTool('admin-conn__read', 'admin-conn', 'read'),
        modelTool('user-conn__read', 'user-conn', 'read'),
        // A host's own tool and one it could not attribute are not judged.
        modelTool('web_search', '', 'web_search'),
      ]),
    );
    expect(modelNoCrossPrincipalTools.check(h.record())).toMatchObject({
      status: 'pass',
      message: expect.stringContaining('3 offered tool(s)'),
    });
  });

  test('a public listing may reach every principal; a listing served only later does not count', () => {
    const shared = twoPrincipals('public');
    shared.observations.push(
      modelRequest(shared.lastSeq, [modelTool('admin_panel', 'user-conn', 'admin_panel')]),
    );
    expect(modelNoCrossPrincipalTools.check(shared.record()).status).toBe('pass');

    const early = new History();
    early.connections = [
      { serverId: 'admin-conn', principal: 'admin' },
      { serverId: 'user-conn', principal: 'user' },
    ];
    early.listing([{ name: 'admin_panel' }], 1, { principal: 'admin' }, 'private');
    early.observations.push(
      modelRequest(early.lastSeq, [modelTool('admin_panel', 'user-conn', 'admin_panel')]),
    );
    early.listing([{ name: 'admin_panel' }], 1, { principal: 'user' }, 'private');
    expect(modelNoCrossPrincipalTools.check(early.record()).status).toBe('fail');
  });

  test('is inconclusive with one principal, no model request, or nothing traceable', () => {
    const solo = new History();
    solo.listing([{ name: 'read' }]);
    solo.observations.push(modelRequest(solo.lastSeq, [modelTool('read', 'primary', 'read')]));
    expect(modelNoCrossPrincipalTools.check(solo.record()).status).toBe('inconclusive');
    expect(modelNoCrossPrincipalTools.check(twoPrincipals().record())).toMatchObject({
      status: 'inconclusive',
      message: 'The client built no model request (the run asked for none).',
    });
    const untraced = twoPrincipals();
    untraced.observations.push(modelRequest(untraced.lastSeq, [modelTool('other', 'elsewhere', 'other')]));
    expect(modelNoCrossPrincipalTools.check(untraced.record()).status).toBe('inconclusive');
  });
});
