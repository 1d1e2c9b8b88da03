import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { verboseTool, verboseTools } from '../tools.js';

export const lg01DefinitionsEatContext: Scenario = {
  id: 'lg-01-definitions-eat-context',
  title:
    'Three servers with 40 verbose tools each (about 1.5 KB descriptions, nested schemas), one tool with a 20 KB description: the client measures what the definitions cost per server, drops nothing silently (the 20 KB one is offered or reported), and its tools stay callable by name.',
  source: [{ case: 'LG-01' }, { seed: '000 (tool descriptions can consume significant context)' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'issues',
      script: scriptBuilder('lg-01-issues')
        .tools(...verboseTools('issue', 40, 1500))
        .build(),
    },
    {
      id: 'wiki',
      script: scriptBuilder('lg-01-wiki')
        .tools(...verboseTools('wiki', 40, 1500))
        .build(),
    },
    {
      id: 'perf',
      script: scriptBuilder('lg-01-perf')
        .tools(...verboseTools('perf', 39, 1500), verboseTool('perf_query_plan_cache', 20_000))
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'perf 07 searches' }, arguments: { query: 'slow plans' } },
  ],
  checks: [
    { invariant: 'model.cost-reported', cites: { case: 'LG-01 E1' } },
    {
      id: 'issues-reported',
      invariant: 'model.nothing-silently-dropped',
      server: 'issues',
      cites: { case: 'LG-01 E2' },
    },
    {
      id: 'wiki-reported',
      invariant: 'model.nothing-silently-dropped',
      server: 'wiki',
      cites: { case: 'LG-01 E2' },
    },
    {
      id: 'perf-reported',
      invariant: 'model.nothing-silently-dropped',
      server: 'perf',
      cites: { case: 'LG-01 E2' },
    },
    { invariant: 'model.calls-routed', server: 'perf', cites: { case: 'LG-01 E2' } },
  ],
};
