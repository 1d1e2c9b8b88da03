import { describe, expect, it } from 'vitest';
import { failure, tool } from '../../test/support/script-failure.js';
import { parseScript } from './parse-script.js';

describe('parseScript: resources, resource templates and prompts', () => {
  const resource = (uri: string) => ({ uri, name: uri.slice(8) });

  it.each([
    [
      { toolshiftScript: 1, catalog: { resources: [resource('file:///a'), resource('file:///a')] } },
      '/catalog/resources/1/uri',
      'uniqueItems',
    ],
    [
      { toolshiftScript: 1, catalog: { prompts: [{ name: 'p' }, { name: 'p' }] } },
      '/catalog/prompts/1/name',
      'uniqueItems',
    ],
    [
      {
        toolshiftScript: 1,
        catalog: { resources: [resource('file:///a')] },
        steps: [{ id: 's', action: { action: 'removeResource', uri: 'file:///b' } }],
      },
      '/steps/0/action/uri',
      'knownResource',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [{ id: 's', action: { action: 'changePrompt', name: 'p', set: { title: 'x' } } }],
      },
      '/steps/0/action/name',
      'knownPrompt',
    ],
    [
      {
        toolshiftScript: 1,
        steps: [
          {
            id: 's',
            action: {
              action: 'mutateBetweenPages',
              afterPage: 1,
              changes: [{ action: 'updateResource', uri: 'file:///x' }],
            },
          },
        ],
      },
      '/steps/0/action/changes/0/action',
      'discriminator',
    ],
    [
      { toolshiftScript: 1, catalog: { resources: [{ uri: 'file:///a' }] } },
      '/catalog/resources/0',
      'required',
    ],
  ])('rejects %j at %s (%s)', (script, pointer, rule) => {
    expect(failure(() => parseScript(script))).toMatchObject({ code: 'SCRIPT_INVALID', pointer, rule });
  });

  it('accepts a step that adds the resource a later step removes', () => {
    expect(() =>
      parseScript({
        toolshiftScript: 1,
        steps: [
          { id: 'add', action: { action: 'addResource', resource: resource('file:///b') } },
          { id: 'rm', action: { action: 'removeResource', uri: 'file:///b' } },
        ],
      }),
    ).not.toThrow();
  });

  it('rejects mutateBetweenPages armed after page K for a page before K, saying why it could never fire', () => {
    const found = failure(() =>
      parseScript({
        toolshiftScript: 1,
        catalog: { tools: [tool] },
        steps: [
          {
            id: 'late',
            trigger: { betweenPages: 2 },
            action: {
              action: 'mutateBetweenPages',
              afterPage: 1,
              changes: [{ action: 'removeTool', name: 'alpha' }],
            },
          },
        ],
      }),
    );
    expect(found).toMatchObject({ pointer: '/steps/0/action/afterPage', rule: 'pageMutationReachable' });
    expect(found.message).toContain('page 1 is already past');
  });
});

describe('parseScript: answers', () => {
  it.each([
    [
      { answers: [{ method: 'tools/call' }] },
      '/answers/0',
      'oneOf',
      'must hold exactly one of result, error, unanswered',
    ],
    [
      { answers: [{ method: 'tools/list', result: {}, error: { code: 1, message: 'x' } }] },
      '/answers/0',
      'oneOf',
      'exactly one of',
    ],
    [
      { answers: [{ method: 'tools/list', tool: 'alpha', result: {} }] },
      '/answers/0/tool',
      'toolNeedsToolsCall',
      'tools/call',
    ],
    [
      { answers: [{ method: 'tools/call', result: {}, holdUntil: 'nope' }] },
      '/answers/0/holdUntil',
      'knownStep',
      'never be sent',
    ],
    [
      { answers: [{ method: 'tools/call', result: { structured: 'maybe' } }] },
      '/answers/0/result/structured',
      'structuredKind',
      '"valid", "invalid", "omit"',
    ],
    [
      { answers: [{ method: 'tools/call', error: { code: 1.5, message: 'x' } }] },
      '/answers/0/error/code',
      'type',
      '',
    ],
    [
      { answers: [{ method: 'tools/call', error: { code: 7, message: 'x', httpStatus: 99 } }] },
      '/answers/0/error/httpStatus',
      'minimum',
      '',
    ],
  ])('rejects %j at %s (%s)', (answers, pointer, rule, text) => {
    const found = failure(() => parseScript({ toolshiftScript: 1, ...answers }));
    expect(found).toMatchObject({ code: 'SCRIPT_INVALID', pointer, rule });
    expect(found.message).toContain(text);
  });
});
