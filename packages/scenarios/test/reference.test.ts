import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INVARIANTS } from '@toolshift/assertions';
import { FAULT_KINDS, FaultSchema } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import { ACTION_NAMES, ClientActionSchema } from '../src/client-action.js';
import { renderReference } from '../src/reference/render-reference.js';

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
    for (const kind of FAULT_KINDS) expect(text).toContain(`### \`${kind}\``);
    for (const name of ACTION_NAMES) expect(text).toContain(`### \`${name}\``);
    for (const id of Object.keys(INVARIANTS)) expect(text).toContain(`### \`${id}\``);
  });

  test('lists every parameter of each section, action, fault, client action and invariant in its own table', () => {
    const text = renderReference();
    /** The text under `### \`name\`` up to the next heading of that level or above. */
    const section = (heading: string, after = 0) => {
      const start = text.indexOf(`### \`${heading}\``, after);
      expect(start, heading).toBeGreaterThanOrEqual(0);
      const end = text.slice(start + 4).search(/\n##/);
      return end < 0 ? text.slice(start) : text.slice(start, start + 4 + end);
    };
    const expectRows = (body: string, keys: string[], where: string) => {
      for (const key of keys) expect(body, `${where}: ${key}`).toContain(`| \`${key}\` |`);
    };
    type Branch = { properties: Record<string, unknown> };
    const script = JSON.parse(
      readFileSync(join(dirname(committed), '../packages/fake-server/script.schema.json'), 'utf8'),
    );
    for (const [name, schema] of Object.entries(
      script.properties as Record<string, { properties?: object; items?: { properties?: object } }>,
    )) {
      if (name === '$schema' || name === 'steps') continue;
      expectRows(section(name), Object.keys(schema.properties ?? schema.items?.properties ?? {}), name);
    }
    const actionsAt = text.indexOf('## Script actions');
    for (const branch of script.properties.steps.items.properties.action.oneOf as Branch[]) {
      const name = (branch.properties.action as { const: string }).const;
      expectRows(
        section(name, actionsAt),
        Object.keys(branch.properties).filter((k) => k !== 'action'),
        name,
      );
    }
    const faultsAt = text.indexOf('## Faults');
    for (const branch of (FaultSchema as unknown as { oneOf: Branch[] }).oneOf) {
      const kind = (branch.properties.kind as { const: string }).const;
      expectRows(
        section(kind, faultsAt),
        Object.keys(branch.properties).filter((k) => k !== 'kind'),
        kind,
      );
    }
    const clientActionsAt = text.indexOf('## Client actions');
    for (const branch of (ClientActionSchema as unknown as { oneOf: Branch[] }).oneOf) {
      const name = (branch.properties.do as { const: string }).const;
      expectRows(
        section(name, clientActionsAt),
        Object.keys(branch.properties).filter((k) => k !== 'do'),
        name,
      );
    }
    const invariantsAt = text.indexOf('## Invariants');
    for (const invariant of Object.values(INVARIANTS))
      expectRows(
        section(invariant.id, invariantsAt),
        Object.keys(invariant.params?.fields ?? {}),
        invariant.id,
      );
  });

  test('carries prose, never source: no description swallowed code between two doc comments', () => {
    const text = renderReference();
    for (const leak of ['*/', '/**', 'export const ', 'Type.Object(']) expect(text).not.toContain(leak);
  });
});
