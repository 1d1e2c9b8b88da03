import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../create-fake-server.js';
import { isToolshiftError } from '../errors/toolshift-error.js';
import { loadScriptFile, parseScript, parseScriptText, parseStep } from './parse-script.js';

const tool = { name: 'alpha', inputSchema: { type: 'object' } };

/** The `{ code, pointer, rule }` of the error `run` throws. */
function failure(run: () => unknown): { code: string; pointer: string; rule: string; message: string } {
  try {
    run();
  } catch (error) {
    if (!isToolshiftError(error)) throw error;
    const data = error.data as { pointer: string; rule: string };
    return { code: error.code, pointer: data.pointer, rule: data.rule, message: error.message };
  }
  throw new Error('expected a ScriptError');
}

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

describe('parseScriptText and loadScriptFile', () => {
  it('reads JSON and YAML alike', () => {
    const yaml =
      'toolshiftScript: 1\ncatalog:\n  tools:\n    - name: alpha\n      inputSchema: { type: object }\n';
    expect(parseScriptText(yaml)).toEqual(
      parseScriptText(JSON.stringify({ toolshiftScript: 1, catalog: { tools: [tool] } })),
    );
  });

  it('reports a syntax error with its line and column', () => {
    expect(failure(() => parseScriptText('toolshiftScript: 1\nsteps: [\n', 'bad.yaml'))).toMatchObject({
      pointer: '/',
      rule: 'syntax',
      message: expect.stringMatching(
        /^Failed to load script bad\.yaml: it is not valid JSON or YAML at line \d+, column \d+/,
      ),
    });
  });

  it('loads a file and names an unreadable one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshift-'));
    writeFileSync(join(dir, 's.yaml'), 'toolshiftScript: 1\n');
    expect(await loadScriptFile(join(dir, 's.yaml'))).toEqual({ toolshiftScript: 1 });
    await expect(loadScriptFile(join(dir, 'missing.yaml'))).rejects.toMatchObject({
      code: 'SCRIPT_INVALID',
      rule: 'readable',
    });
  });
});

describe('script file formats (regression: .json files were read as YAML)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolshift-format-'));

  it('reads a .json file strictly as JSON, naming the file, line and column of a syntax error', async () => {
    const path = join(dir, 'trailing-comma.json');
    writeFileSync(path, '{\n  "toolshiftScript": 1,\n}\n');
    await expect(loadScriptFile(path)).rejects.toMatchObject({
      code: 'SCRIPT_INVALID',
      rule: 'syntax',
      source: path,
      message: expect.stringMatching(
        new RegExp(
          `^Failed to load script ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: it is not valid JSON at line 3, column 1: `,
        ),
      ),
    });
  });

  it('refuses YAML syntax in a .json file that the YAML reader would have taken', async () => {
    for (const [name, text] of [
      ['yaml-syntax.json', 'toolshiftScript: 1\n'],
      ['comment.json', '# a comment\n{"toolshiftScript": 1}\n'],
      ['single-quotes.JSON', "{'toolshiftScript': 1}"],
    ] as const) {
      const path = join(dir, name);
      writeFileSync(path, text);
      expect(parseScriptText(text)).toEqual({ toolshiftScript: 1 });
      await expect(loadScriptFile(path)).rejects.toMatchObject({
        code: 'SCRIPT_INVALID',
        rule: 'syntax',
        message: expect.stringContaining(`${path}: it is not valid JSON`),
      });
    }
  });

  it('still reads JSON in a .json file and YAML in .yaml/.yml files', async () => {
    writeFileSync(join(dir, 'ok.json'), '{"toolshiftScript": 1}');
    writeFileSync(join(dir, 'ok.yml'), 'toolshiftScript: 1 # yaml\n');
    expect(await loadScriptFile(join(dir, 'ok.json'))).toEqual({ toolshiftScript: 1 });
    expect(await loadScriptFile(join(dir, 'ok.yml'))).toEqual({ toolshiftScript: 1 });
    expect(() => parseScriptText('toolshiftScript: 1', '<inline>', 'json')).toThrow(/not valid JSON/);
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
