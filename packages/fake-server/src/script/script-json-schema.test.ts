import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { renderScriptJsonSchema } from './script-json-schema.js';

const committed = readFileSync(new URL('../../script.schema.json', import.meta.url), 'utf8');

describe('script.schema.json', () => {
  it('is current: the committed file equals what the TypeBox definitions generate (run `pnpm --filter @toolshift/fake-server schema`)', () => {
    expect(committed).toBe(renderScriptJsonSchema());
  });

  it('works in a plain draft-07 validator: accepts a script and rejects a broken one', () => {
    const validate = new Ajv({ strict: false }).compile(JSON.parse(committed));
    const script = {
      toolshiftScript: 1,
      catalog: { tools: [{ name: 'alpha', inputSchema: { type: 'object' } }] },
      pagination: { pageSize: 2, cursorStyle: 'expiring', cursorTtlMs: 1000 },
      steps: [
        {
          id: 'boom',
          trigger: { afterRequests: 1, method: 'tools/list' },
          action: { action: 'injectFault', fault: { kind: 'hang' } },
        },
      ],
    };
    expect(validate(script)).toBe(true);
    expect(validate({ ...script, toolshiftScript: 2 })).toBe(false);
    expect(
      validate({
        ...script,
        steps: [{ id: 'x', action: { action: 'injectFault', fault: { kind: 'delay' } } }],
      }),
    ).toBe(false);
  });
});
