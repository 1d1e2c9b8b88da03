import { isToolshiftError, scriptBuilder } from '@toolshift/fake-server';
import { describe, expect, test } from 'vitest';
import type { Scenario } from '../scenario.js';
import { parseScenario } from './parse-scenario.js';

function valid(): Scenario {
  return {
    id: 'tiny',
    title: 'A tiny scenario.',
    source: [{ seed: '000 fixture "one valid tool"' }],
    eras: ['legacy'],
    transports: ['http'],
    servers: [
      {
        id: 'primary',
        script: scriptBuilder('tiny')
          .tools({ name: 'alpha', inputSchema: { type: 'object' } })
          .step('s', { action: 'removeTool', name: 'alpha' })
          .build(),
      },
    ],
    clientActions: [{ do: 'connect' }, { do: 'step', step: 's' }],
    checks: [{ invariant: 'registry.final-exposure', params: { exactly: [] }, cites: { case: 'LC-01 E3' } }],
  };
}

function failure(mutate: (doc: Record<string, any>) => void) {
  const doc = structuredClone(valid()) as Record<string, any>;
  mutate(doc);
  try {
    parseScenario(doc, 'f.yaml');
  } catch (error) {
    expect(isToolshiftError(error, 'SCENARIO_INVALID')).toBe(true);
    return error as Error & { pointer: string; rule: string };
  }
  throw new Error('expected the scenario to be rejected');
}

describe('parseScenario', () => {
  test('accepts a valid scenario and returns it with its scripts parsed', () => {
    expect(parseScenario(valid()).servers[0]!.script!.toolshiftScript).toBe(1);
  });

  test('names the file, the JSON pointer and the rule of a schema violation', () => {
    const e = failure((doc) => {
      doc.clientActions[1] = { do: 'jump' };
    });
    expect(e).toMatchObject({ pointer: '/clientActions/1/do', rule: 'discriminator' });
    expect(e.message).toContain("Invalid scenario f.yaml: /clientActions/1/do 'jump' is not an action");
    expect(failure((doc) => delete doc.title)).toMatchObject({ pointer: '/title', rule: 'required' });
    expect(failure((doc) => (doc.extra = 1))).toMatchObject({
      pointer: '/extra',
      rule: 'additionalProperties',
    });
  });

  test('rejects semantic mistakes: unknown step, server, invariant, bad params, duplicate check ids', () => {
    expect(failure((doc) => (doc.clientActions[1].step = 'nope'))).toMatchObject({
      pointer: '/clientActions/1/step',
      rule: 'known-step',
    });
    expect(failure((doc) => (doc.clientActions[0].server = 'other'))).toMatchObject({ rule: 'known-server' });
    expect(
      failure(
        (doc) => (doc.clientActions[0].releaseIfBlocked = { server: 'other', ms: 5000, quietMs: 1000 }),
      ),
    ).toMatchObject({ pointer: '/clientActions/0/releaseIfBlocked/server', rule: 'known-server' });
    expect(
      failure((doc) => (doc.clientActions[0].releaseIfBlocked = { server: 'primary', ms: 0, quietMs: 1000 })),
    ).toMatchObject({ pointer: '/clientActions/0/releaseIfBlocked/ms', rule: 'minimum' });
    expect(failure((doc) => (doc.checks[0].invariant = 'no.such'))).toMatchObject({
      rule: 'known-invariant',
    });
    expect(failure((doc) => (doc.checks[0].params = { exactly: 'alpha' }))).toMatchObject({
      pointer: '/checks/0/params',
      rule: 'invariant-params',
    });
    expect(failure((doc) => (doc.checks[0].params = undefined))).toMatchObject({ rule: 'invariant-params' });
    expect(failure((doc) => doc.checks.push(doc.checks[0]))).toMatchObject({ rule: 'unique-check-id' });
    expect(
      failure((doc) =>
        doc.checks.push({
          invariant: 'discovery.follows-every-cursor',
          params: { x: 1 },
          cites: { seed: '002' },
        }),
      ),
    ).toMatchObject({ message: expect.stringContaining('takes no parameters') });
  });

  test('rejects bad servers: duplicate ids, script and sameServerAs together, a forward sameServerAs, an invalid script', () => {
    expect(failure((doc) => doc.servers.push({ ...doc.servers[0] }))).toMatchObject({
      rule: 'unique-server-id',
    });
    expect(failure((doc) => (doc.servers[0].sameServerAs = 'x'))).toMatchObject({
      rule: 'script-or-same-server',
    });
    expect(failure((doc) => doc.servers.unshift({ id: 'second', sameServerAs: 'primary' }))).toMatchObject({
      rule: 'known-server',
    });
    const script = failure((doc) => (doc.servers[0].script.pagination = { pageSize: 0 }));
    expect(script.pointer).toBe('/servers/0/script/pagination/pageSize');
    expect(script.message).toContain('/servers/0/script is not a valid script');
  });
});

describe('parseScenario refuses what can never happen in the cells it runs (issue 26)', () => {
  test('a script step that can never fire in one of its eras is a load error naming the field', () => {
    const error = failure((doc) => {
      doc.servers[0].script.steps.push({
        id: 'drop-listen',
        action: { action: 'endStreams', streams: 'listen' },
      });
    });
    expect(error.pointer).toBe('/servers/0/script/steps/1/action/action');
    expect(error.rule).toBe('script-reachable');
    expect(error.message).toContain('can never fire in a legacy cell');
  });

  test('a GET-stream trigger in a scenario that runs over stdio is a load error too', () => {
    const error = failure((doc) => {
      doc.transports = ['http', 'stdio'];
      doc.servers[0].script.steps[0].trigger = { onStreamOpen: 'get' };
    });
    expect(error.message).toContain('can never fire over stdio');
  });

  test('an essential check must be a check of the scenario', () => {
    const error = failure((doc) => {
      doc.essential = ['registry.matches-final-catalog'];
    });
    expect(error.pointer).toBe('/essential/0');
    expect(error.rule).toBe('known-check');
  });
});

describe('parseScenario reports every problem at once, naming the rule that failed', () => {
  test('three mistakes in one document give three problems in one error', () => {
    const e = failure((doc) => {
      doc.title = '';
      doc.clientActions[1].step = 'nope';
      doc.checks[0].invariant = 'no.such-invariant';
    }) as unknown as Error & { data: { problems: Array<{ pointer: string; rule: string }> } };
    expect(e.data.problems.map((problem) => [problem.pointer, problem.rule])).toEqual([
      ['/title', 'minLength'],
      ['/clientActions/1/step', 'known-step'],
      ['/checks/0/invariant', 'known-invariant'],
    ]);
    expect(e.message).toContain('Invalid scenario f.yaml: 3 problems:');
  });

  test("a custom case id is reported as the case id's pattern, not as a missing seed", () => {
    const e = failure((doc) => {
      doc.source = [{ case: 'MY-1' }];
    });
    expect(e).toMatchObject({ pointer: '/source/0/case', rule: 'pattern' });
    expect(e.message).toContain('/source/0/case "MY-1" must match');
    expect(e.message).not.toContain('seed');
  });

  test('a citation of no known form lists the forms', () => {
    const e = failure((doc) => {
      doc.checks[0].cites = { url: 'https://example.com' };
    });
    expect(e).toMatchObject({ pointer: '/checks/0/cites', rule: 'anyOf' });
    expect(e.message).toContain('/checks/0/cites must be one of {seed}, {spec}, {case}.');
  });

  test('citations are optional in a user scenario and required in the catalog', () => {
    const doc = structuredClone(valid()) as Record<string, any>;
    delete doc.source;
    delete doc.checks[0].cites;
    expect(parseScenario(doc).id).toBe('tiny');
    try {
      parseScenario(doc, 'catalog:tiny', { requireCitations: true });
      throw new Error('expected the catalog rule to reject it');
    } catch (error) {
      expect((error as { data: { problems: unknown[] } }).data.problems).toEqual([
        expect.objectContaining({ pointer: '/source', rule: 'citation-required' }),
        expect.objectContaining({ pointer: '/checks/0/cites', rule: 'citation-required' }),
      ]);
    }
  });
});
