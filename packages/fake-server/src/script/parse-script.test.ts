import { describe, expect, it } from 'vitest';
import { failure, tool } from '../../test/support/script-failure.js';
import { createFakeServer } from '../create-fake-server.js';
import { parseScript, parseStep } from './parse-script.js';

describe('parseScript', () => {
  it('accepts the smallest script', () => {
    expect(parseScript({ toolshiftScript: 1 })).toEqual({ toolshiftScript: 1 });
  });

  it.each([
    [{ toolshiftScript: 2 }, '/toolshiftScript', 'const'],
    [{ toolshiftScript: 1, colour: 'red' }, '/colour', 'additionalProperties'],
    [{ toolshiftScript: 1, pagination: { pageSize: 0 } }, '/pagination/pageSize', 'minimum'],
    [{ toolshiftScript: 1, pagination: { cursorStyle: 'random' } }, '/pagination/cursorStyle', 'enum'],
    [
      { toolshiftScript: 1, steps: [{ id: 's', action: { action: 'explode' } }] },
      '/steps/0/action/action',
      'discriminator',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [{ id: 's', trigger: { afterRequests: 0 }, action: { action: 'emitListChanged' } }],
      },
      '/steps/0/trigger/afterRequests',
      'minimum',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [{ id: 's', trigger: { atStart: true, atTick: 5 }, action: { action: 'emitListChanged' } }],
      },
      '/steps/0/trigger',
      'oneOf',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [{ id: 's', action: { action: 'injectFault', fault: { kind: 'httpStatus', status: 99 } } }],
      },
      '/steps/0/action/fault/status',
      'minimum',
    ],
    [
      { toolshiftScript: 1, steps: [{ id: 's', action: { action: 'generateTools', count: 10_001 } }] },
      '/steps/0/action/count',
      'maximum',
    ],
    [
      { toolshiftScript: 1, auth: { tokens: [{ token: 'has space', principal: 'p' }] } },
      '/auth/tokens/0/token',
      'pattern',
    ],
  ])('rejects %j at %s (rule %s)', (script, pointer, rule) => {
    expect(failure(() => parseScript(script))).toMatchObject({ code: 'SCRIPT_INVALID', pointer, rule });
  });

  it.each([
    [
      {
        toolshiftScript: 1,
        steps: [
          { id: 'a', action: { action: 'emitListChanged' } },
          { id: 'a', action: { action: 'emitListChanged' } },
        ],
      },
      'SCRIPT_INVALID',
      '/steps/1/id',
      'uniqueStepIds',
    ],
    [
      { toolshiftScript: 1, catalog: { tools: [tool, tool] } },
      'SCRIPT_INVALID',
      '/catalog/tools/1/name',
      'uniqueToolNames',
    ],
    [
      { toolshiftScript: 1, steps: [{ id: 'r', action: { action: 'renameTool', name: 'ghost', to: 'x' } }] },
      'SCRIPT_UNKNOWN_TOOL',
      '/steps/0/action/name',
      'knownTool',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [
          {
            id: 'm',
            action: {
              action: 'mutateBetweenPages',
              afterPage: 1,
              changes: [{ action: 'removeTool', name: 'ghost' }],
            },
          },
        ],
      },
      'SCRIPT_UNKNOWN_TOOL',
      '/steps/0/action/changes/0/name',
      'knownTool',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [{ id: 'r', action: { action: 'restoreSnapshot', name: 'never-saved' } }],
      },
      'SCRIPT_INVALID',
      '/steps/0/action/name',
      'knownSnapshot',
    ],
    [
      { toolshiftScript: 1, auth: { localPrincipal: 'nobody' } },
      'SCRIPT_INVALID',
      '/auth/localPrincipal',
      'knownPrincipal',
    ],
  ])('rejects %j on a semantic rule', (script, code, pointer, rule) => {
    expect(failure(() => parseScript(script))).toMatchObject({ code, pointer, rule });
  });

  it('knows the names generateTools and renameTool bring in', () => {
    const script = {
      toolshiftScript: 1,
      catalog: { tools: [tool] },
      steps: [
        { id: 'gen', action: { action: 'generateTools', count: 3, prefix: 'crm' } },
        { id: 'rm', action: { action: 'removeTool', name: 'crm.list_issue' } },
        { id: 'mv', action: { action: 'renameTool', name: 'alpha', to: 'omega' } },
        { id: 'meta', action: { action: 'changeMetadata', name: 'omega', description: 'x' } },
      ],
    };
    expect(() => parseScript(script)).not.toThrow();
  });

  it('an invalid script is never half-applied: no server is created and nothing runs', () => {
    const script = {
      toolshiftScript: 1,
      steps: [
        { id: 'first', trigger: { atStart: true }, action: { action: 'addTool', tool } },
        {
          id: 'broken',
          trigger: { atStart: true },
          action: { action: 'addTool', tool: { name: '', inputSchema: {} } },
        },
      ],
    };
    expect(failure(() => createFakeServer(script))).toMatchObject({
      pointer: '/steps/1/action/tool/name',
      rule: 'minLength',
    });
  });

  it('messages say what failed, where, and how to fix it', () => {
    const { message } = failure(() =>
      parseScript(
        {
          toolshiftScript: 1,
          steps: [{ id: 's', trigger: { afterRequests: 0 }, action: { action: 'emitListChanged' } }],
        },
        's.yaml',
      ),
    );
    expect(message).toBe(
      "Failed to load script s.yaml: /steps/0/trigger/afterRequests must be ≥ 1. Use 1 for 'after the first request'.",
    );
  });
});

describe('parseStep', () => {
  it('validates an ad-hoc action or step with the script rules', () => {
    expect(parseStep({ action: 'emitListChanged', count: 2 })).toEqual({
      action: 'emitListChanged',
      count: 2,
    });
    expect(failure(() => parseStep({ action: 'emitListChanged', count: 0 }))).toMatchObject({
      pointer: '/count',
      rule: 'minimum',
    });
    expect(failure(() => parseStep({ id: 's', action: { action: 'nope' } }))).toMatchObject({
      pointer: '/action/action',
      rule: 'discriminator',
    });
  });

  it('apply() rejects an invalid ad-hoc action and changes nothing', () => {
    const server = createFakeServer({ toolshiftScript: 1, catalog: { tools: [tool] } });
    const before = server.transcript.lastSeq;
    expect(failure(() => server.apply({ action: 'addTool', tool: { name: 'x' } } as never))).toMatchObject({
      code: 'SCRIPT_INVALID',
      pointer: '/tool',
      rule: 'required',
    });
    expect(server.transcript.lastSeq).toBe(before);
    expect(server.catalogRevision).toBe(1);
  });
});
