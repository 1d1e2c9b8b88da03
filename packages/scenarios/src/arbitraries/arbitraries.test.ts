import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as arb from './index.js';

const ajv = new Ajv2020({ strict: false });

describe('arbitraries', () => {
  test('catalogs hold unique names and valid 2020-12 object schemas; sampled arguments fit them', () => {
    fc.assert(
      fc.property(arb.catalog({ maxTools: 8 }), fc.nat(99), (tools, n) => {
        expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
        for (const tool of tools) {
          expect(ajv.validateSchema(tool.inputSchema)).toBe(true);
          const validate = ajv.compile(tool.inputSchema);
          expect(validate(arb.sampleArguments(tool.inputSchema as arb.ObjectSchema, n))).toBe(true);
        }
      }),
      { seed: 1, numRuns: 40 },
    );
  });

  test('catalog changes resolve against any catalog into a valid action and the catalog after it', () => {
    fc.assert(
      fc.property(
        arb.catalog({ maxTools: 4 }),
        fc.array(arb.catalogChange(), { maxLength: 8 }),
        (tools, changes) => {
          let current = tools;
          for (const change of changes) {
            const { action, after } = arb.applyCatalogChange(current, change);
            expect(['addTool', 'removeTool', 'changeSchema', 'renameTool']).toContain(action.action);
            expect(new Set(after.map((t) => t.name)).size).toBe(after.length);
            if (action.action === 'removeTool') expect(after.length).toBe(current.length - 1);
            if (action.action === 'addTool') expect(after.length).toBe(current.length + 1);
            current = after;
          }
        },
      ),
      { seed: 2, numRuns: 200 },
    );
  });

  test('hostile schemas cover every kind the cases name', () => {
    const samples = fc.sample(arb.hostileSchema(), { seed: 3, numRuns: 300 }).map((s) => JSON.stringify(s));
    for (const marker of [
      '#/$defs/Missing',
      'https://schemas.example',
      '"limit"',
      '"type":"array"}}',
      '"type":"array","items"',
      '#/$defs/node',
      'unknown-dialect',
      'no-such-type',
      '"next"',
    ])
      expect(
        samples.some((s) => s.includes(marker)),
        marker,
      ).toBe(true);
  });

  test('server timelines resolve to script steps named by the events', () => {
    fc.assert(
      fc.property(arb.catalog({ maxTools: 3 }), arb.serverTimeline({ era: 'legacy' }), (tools, intents) => {
        const resolved = arb.resolveTimeline(tools, intents, 'legacy');
        const ids = new Set(resolved.steps.map((s) => s.id));
        for (const event of resolved.events) if (event.do === 'step') expect(ids.has(event.step)).toBe(true);
        expect(resolved.events.length).toBe(intents.length);
      }),
      { seed: 4, numRuns: 200 },
    );
  });
});
