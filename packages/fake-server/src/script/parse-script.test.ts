import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isToolshiftError } from '../errors/toolshift-error.js';
import { loadScriptFile, parseScript, parseScriptText } from './parse-script.js';

function rejection(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error as { code: string; message: string; data: { pointer: string; rule: string } };
  }
  throw new Error('expected a rejection');
}

describe('parseScript', () => {
  test('accepts the minimal document', () => {
    expect(parseScript({ toolshiftScript: 1 })).toEqual({ toolshiftScript: 1 });
  });

  test('names the JSON pointer and the rule of a bad trigger bound, with a fix', () => {
    const error = rejection(() =>
      parseScript(
        {
          toolshiftScript: 1,
          catalog: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
          steps: [{ id: 's', trigger: { afterRequests: 0 }, action: { action: 'removeTool', name: 'a' } }],
        },
        './s.yaml',
      ),
    );
    expect(isToolshiftError(error, 'SCRIPT_INVALID')).toBe(true);
    expect(error.data).toMatchObject({ pointer: '/steps/0/trigger/afterRequests', rule: 'minimum' });
    expect(error.message).toBe(
      "Failed to load script ./s.yaml: /steps/0/trigger/afterRequests must be ≥ 1. Use 1 for 'after the first request'.",
    );
  });

  test('a trigger with two keys is rejected by oneOf', () => {
    const error = rejection(() =>
      parseScript({
        toolshiftScript: 1,
        steps: [
          {
            id: 's',
            trigger: { manual: true, atStart: true },
            action: { action: 'addTool', tool: { name: 'a', inputSchema: {} } },
          },
        ],
      }),
    );
    expect(error.data).toMatchObject({ pointer: '/steps/0/trigger', rule: 'oneOf' });
  });

  test('an unknown action is rejected naming the known ones', () => {
    const error = rejection(() =>
      parseScript({ toolshiftScript: 1, steps: [{ id: 's', action: { action: 'explode' } }] }),
    );
    expect(error.data.rule).toBe('discriminator');
    expect(error.message).toContain('addTool');
  });

  test('unknown properties, wrong versions, duplicate ids and unknown tools are rejected', () => {
    expect(rejection(() => parseScript({ toolshiftScript: 1, extra: 1 })).data.rule).toBe(
      'additionalProperties',
    );
    expect(rejection(() => parseScript({ toolshiftScript: 2 })).message).toContain(
      '/toolshiftScript must be 1',
    );
    const add = { action: 'addTool', tool: { name: 'a', inputSchema: {} } };
    expect(
      rejection(() =>
        parseScript({
          toolshiftScript: 1,
          steps: [
            { id: 'x', action: add },
            { id: 'x', action: add },
          ],
        }),
      ).data,
    ).toMatchObject({
      pointer: '/steps/1/id',
      rule: 'uniqueStepIds',
    });
    const tool = { name: 'a', inputSchema: {} };
    expect(
      rejection(() => parseScript({ toolshiftScript: 1, catalog: { tools: [tool, tool] } })).data.rule,
    ).toBe('uniqueToolNames');
    const unknown = rejection(() =>
      parseScript({
        toolshiftScript: 1,
        steps: [{ id: 'r', action: { action: 'removeTool', name: 'ghost' } }],
      }),
    );
    expect(unknown.code).toBe('SCRIPT_UNKNOWN_TOOL');
    expect(unknown.data).toMatchObject({ pointer: '/steps/0/action/name', rule: 'knownTool' });
  });

  test('reads YAML and JSON text; a syntax error names line and column', () => {
    expect(parseScriptText('toolshiftScript: 1\nname: y\n')).toEqual({ toolshiftScript: 1, name: 'y' });
    expect(parseScriptText('{"toolshiftScript": 1}')).toEqual({ toolshiftScript: 1 });
    const error = rejection(() => parseScriptText('toolshiftScript: 1\nsteps: [\n', 'bad.yaml'));
    expect(error.data.rule).toBe('syntax');
    expect(error.message).toMatch(
      /^Failed to load script bad\.yaml: it is not valid JSON or YAML at line \d+, column \d+/,
    );
  });

  test('loadScriptFile reads a file and reports a missing one by path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolshift-'));
    const file = join(dir, 'ok.yaml');
    await writeFile(file, 'toolshiftScript: 1\n');
    await expect(loadScriptFile(file)).resolves.toEqual({ toolshiftScript: 1 });
    await expect(loadScriptFile(join(dir, 'missing.yaml'))).rejects.toMatchObject({
      code: 'SCRIPT_INVALID',
      data: { rule: 'readable' },
    });
  });
});
