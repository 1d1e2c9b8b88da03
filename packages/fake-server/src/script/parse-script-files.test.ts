import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failure, tool } from '../../test/support/script-failure.js';
import { loadScriptFile, parseScriptText } from './parse-script.js';

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

  it("reports a field that can never fire with the file's other mistakes, naming the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshift-'));
    const script = [
      'toolshiftScript: 1',
      'server: { eras: [legacy] }',
      'catalog: { tools: [{ name: a, inputSchema: { type: object } }] }',
      'steps:',
      '  - { id: s, trigger: { onStreamOpen: listen }, action: { action: removeTool, name: nosuch } }',
    ];
    writeFileSync(join(dir, 'both.yaml'), `${script.join('\n')}\n`);
    const both = join(dir, 'both.yaml');
    await expect(loadScriptFile(both)).rejects.toMatchObject({
      code: 'SCRIPT_INVALID',
      message: expect.stringContaining(`Failed to load script ${both}: 2 problems:`),
      data: {
        problems: [
          expect.objectContaining({ pointer: '/steps/0/action/name', rule: 'knownTool' }),
          expect.objectContaining({ pointer: '/steps/0/trigger/onStreamOpen', rule: 'streamOpens' }),
        ],
      },
    });
    writeFileSync(join(dir, 'one.yaml'), `${script.join('\n').replace('nosuch', 'a')}\n`);
    await expect(loadScriptFile(join(dir, 'one.yaml'))).rejects.toMatchObject({
      code: 'SCRIPT_UNREACHABLE',
      message: expect.stringMatching(
        new RegExp(
          `^Failed to load script ${join(dir, 'one.yaml')}: /steps/0/trigger/onStreamOpen can never fire`,
        ),
      ),
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
