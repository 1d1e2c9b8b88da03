import { describe, expect, it } from 'vitest';
import { isToolshiftError } from '../errors/toolshift-error.js';
import { parseScript } from './parse-script.js';

/** The error `parseScript` throws for `script`, with its problems. */
function problemsOf(script: unknown): {
  code: string;
  message: string;
  problems: Array<{ pointer: string; rule: string; message: string }>;
} {
  try {
    parseScript(script, 'bad.yaml');
  } catch (error) {
    if (!isToolshiftError(error)) throw error;
    const data = error.data as { problems: Array<{ pointer: string; rule: string; message: string }> };
    return { code: error.code, message: error.message, problems: data.problems };
  }
  throw new Error('expected a ScriptError');
}

describe('a script with several mistakes reports every one at once, each with its JSON pointer', () => {
  it('schema problems in the document, in a trigger and in two actions, and a repeated step id', () => {
    const { code, message, problems } = problemsOf({
      toolshiftScript: 1,
      catalg: {},
      catalog: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
      steps: [
        {
          id: 's1',
          trigger: { afterRequests: 0, method: 'tools/list' },
          action: { action: 'addTool', tool: { name: 'b', inputSchema: { type: 'object' } }, extra: 2 },
        },
        { id: 's1', action: { action: 'nope' } },
        { id: 's3', trigger: { afterRequests: 1, atTick: 3 }, action: { action: 'emitListChanged' } },
      ],
    });
    expect(code).toBe('SCRIPT_INVALID');
    expect(problems.map(({ pointer, rule }) => `${pointer} ${rule}`)).toEqual([
      '/catalg additionalProperties',
      '/steps/0/action/extra additionalProperties',
      '/steps/0/trigger/afterRequests minimum',
      '/steps/1/action/action discriminator',
      '/steps/1/id uniqueStepIds',
      '/steps/2/trigger oneOf',
    ]);
    expect(message.split('\n')[0]).toBe('Failed to load script bad.yaml: 6 problems:');
    expect(message).toContain(
      "  /steps/0/trigger/afterRequests must be ≥ 1. Use 1 for 'after the first request'. [minimum]",
    );
  });

  it('semantic problems in sound parts are reported beside schema problems elsewhere', () => {
    const { problems } = problemsOf({
      toolshiftScript: 1,
      pagination: { pageSize: 0 },
      catalog: {
        tools: [
          { name: 'a', inputSchema: { type: 'object' } },
          { name: 'a', inputSchema: { type: 'object' } },
        ],
      },
      steps: [
        { id: 'gone', action: { action: 'removeTool', name: 'zzz' } },
        { id: 'snap', action: { action: 'restoreSnapshot', name: 'never-saved' } },
      ],
      auth: { localPrincipal: 'nobody' },
    });
    expect(problems.map(({ pointer, rule }) => `${pointer} ${rule}`)).toEqual([
      '/auth/localPrincipal knownPrincipal',
      '/catalog/tools/1/name uniqueToolNames',
      '/pagination/pageSize minimum',
      '/steps/0/action/name knownTool',
      '/steps/1/action/name knownSnapshot',
    ]);
  });

  it('a tool whose definition is broken still counts as defined: a step naming it is not "unknown" too', () => {
    const { problems } = problemsOf({
      toolshiftScript: 1,
      catalog: { tools: [{ name: 'a', inputSchema: 'not a schema' }] },
      steps: [{ id: 'r', action: { action: 'removeTool', name: 'a' } }],
    });
    expect(problems.map((problem) => problem.pointer)).toEqual(['/catalog/tools/0/inputSchema']);
  });

  it('only unknown tools: the code stays SCRIPT_UNKNOWN_TOOL, with every one listed', () => {
    const { code, problems } = problemsOf({
      toolshiftScript: 1,
      steps: [
        { id: 'a', action: { action: 'removeTool', name: 'x' } },
        { id: 'b', action: { action: 'removeTool', name: 'y' } },
      ],
    });
    expect(code).toBe('SCRIPT_UNKNOWN_TOOL');
    expect(problems.map((problem) => problem.message)).toEqual([
      "/steps/0/action/name 'x' is not in the catalog and no step adds it. Add it to catalog.tools or fix the name.",
      "/steps/1/action/name 'y' is not in the catalog and no step adds it. Add it to catalog.tools or fix the name.",
    ]);
  });
});
