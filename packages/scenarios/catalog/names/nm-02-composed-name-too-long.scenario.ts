import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool, tools } from '../tools.js';

export const nm02ComposedNameTooLong: Scenario = {
  id: 'nm-02-composed-name-too-long',
  title:
    'A 30-character server name with a 33-character tool and ten short ones: the composed name is shortened (or that one tool is excluded with a message), and the other ten stay usable.',
  source: [{ case: 'NM-02' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'customer-success-knowledgebase',
      script: scriptBuilder('nm-02')
        .tools(
          describedTool('search_knowledge_base_articles_v2', 'Searches the knowledge base articles.'),
          ...tools('kb', 10),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-call', pick: { description: 'kb 07' }, arguments: { query: 'refund policy' } },
  ],
  checks: [
    { invariant: 'model.provider-accepted', cites: { case: 'NM-02 E1' } },
    { invariant: 'model.names-valid', cites: { case: 'NM-02 E1' } },
    { invariant: 'model.nothing-silently-dropped', cites: { case: 'NM-02 E2' } },
    { invariant: 'model.requests-built', cites: { case: 'NM-02 E2' } },
    { invariant: 'model.calls-routed', cites: { case: 'NM-02 E1' } },
  ],
};
