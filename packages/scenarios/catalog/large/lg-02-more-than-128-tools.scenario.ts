import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { tools } from '../tools.js';

export const lg02MoreThan128Tools: Scenario = {
  id: 'lg-02-more-than-128-tools',
  title:
    'Two servers with 70 tools each (140) for a model that accepts at most 128: the client selects or defers to stay under the limit (or blocks with a message before sending), and reports every tool it left out.',
  source: [{ case: 'LG-02' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'crm',
      script: scriptBuilder('lg-02-crm')
        .tools(...tools('crm', 70))
        .build(),
    },
    {
      id: 'erp',
      script: scriptBuilder('lg-02-erp')
        .tools(...tools('erp', 70))
        .build(),
    },
  ],
  clientActions: [{ do: 'connect' }, { do: 'settle' }, { do: 'model-request', provider: 'openai-strict' }],
  checks: [
    { invariant: 'model.provider-accepted', cites: { case: 'LG-02 E1' } },
    { invariant: 'model.tool-count-within-limit', params: { max: 128 }, cites: { case: 'LG-02 E1' } },
    {
      invariant: 'model.tool-count-as-reported',
      cites: { case: 'LG-02 E1 (the count the host shows its user is the count the model is offered)' },
    },
    {
      id: 'crm-reported',
      invariant: 'model.nothing-silently-dropped',
      server: 'crm',
      cites: { case: 'LG-02 E2' },
    },
    {
      id: 'erp-reported',
      invariant: 'model.nothing-silently-dropped',
      server: 'erp',
      cites: { case: 'LG-02 E2' },
    },
  ],
  // Staying under the limit and reporting every tool left out make the title true; a host count its UI
  // shows (model.tool-count-as-reported) is judged for hosts that report one.
  essential: ['model.provider-accepted', 'model.tool-count-within-limit', 'crm-reported', 'erp-reported'],
};
