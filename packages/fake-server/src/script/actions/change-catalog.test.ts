import { describe, expect, test } from 'vitest';
import { createFakeServer } from '../../create-fake-server.js';
import { isToolshiftError } from '../../errors/toolshift-error.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

describe('changeCatalog', () => {
  test('applies every change now as one catalog revision, recorded as one step', () => {
    const server = createFakeServer({
      toolshiftScript: 1,
      catalog: { tools: [tool('a'), tool('b')] },
      steps: [
        {
          id: 'swap',
          action: {
            action: 'changeCatalog',
            changes: [
              { action: 'removeTool', name: 'a' },
              { action: 'addTool', tool: tool('c') },
              { action: 'changeMetadata', name: 'b', description: 'now described' },
            ],
          },
        },
      ],
    });
    const before = server.catalogRevision;
    server.apply('swap');
    expect(server.catalogRevision).toBe(before + 1);
    expect(server.tools().map((t) => t.name)).toEqual(['b', 'c']);
    expect(server.tools()[0]?.description).toBe('now described');
    expect(server.transcript.frames.filter((frame) => frame.kind === 'step')).toHaveLength(1);
  });

  test('changes nothing when one change cannot apply', () => {
    const server = createFakeServer({ toolshiftScript: 1, catalog: { tools: [tool('a')] } });
    const before = server.catalogRevision;
    let error: unknown;
    try {
      server.apply({
        action: 'changeCatalog',
        changes: [
          { action: 'addTool', tool: tool('b') },
          { action: 'addTool', tool: tool('a') },
        ],
      });
    } catch (caught) {
      error = caught;
    }
    expect(isToolshiftError(error, 'STEP_FAILED')).toBe(true);
    expect(server.catalogRevision).toBe(before);
    expect(server.tools().map((t) => t.name)).toEqual(['a']);
  });
});
