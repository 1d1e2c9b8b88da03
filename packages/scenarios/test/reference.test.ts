import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INVARIANTS } from '@toolshift/assertions';
import { describe, expect, test } from 'vitest';
import { renderReference } from '../src/reference/render-reference.js';
import { ACTION_NAMES } from '../src/scenario.js';

const committed = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/reference.md');

describe('docs/reference.md', () => {
  test('is current: the committed file equals what the schemas generate (run `pnpm reference`)', () => {
    expect(readFileSync(committed, 'utf8')).toBe(renderReference());
  });

  test('lists every script action, trigger key, fault, client action and invariant', () => {
    const text = renderReference();
    const script = JSON.parse(
      readFileSync(join(dirname(committed), '../packages/fake-server/script.schema.json'), 'utf8'),
    );
    const actions = script.properties.steps.items.properties.action.oneOf.map(
      (branch: { properties: { action: { const: string } } }) => branch.properties.action.const,
    );
    expect(actions.length).toBeGreaterThan(30);
    for (const name of actions) expect(text).toContain(`### \`${name}\``);
    for (const key of Object.keys(script.properties.steps.items.properties.trigger.properties))
      expect(text).toContain(`| \`${key}\` |`);
    for (const kind of [
      'httpStatus',
      'malformedJson',
      'wrongId',
      'versionMismatch',
      'delay',
      'hang',
      'dropStream',
    ])
      expect(text).toContain(`### \`${kind}\``);
    for (const name of ACTION_NAMES) expect(text).toContain(`### \`${name}\``);
    for (const id of Object.keys(INVARIANTS)) expect(text).toContain(`### \`${id}\``);
  });
});
