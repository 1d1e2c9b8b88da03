import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool, tools } from '../tools.js';

export const sc03ArrayWithoutItems: Scenario = {
  id: 'sc-03-array-without-items',
  title:
    'Ten valid tools plus one whose tags property is an array without items, for OpenAI strict mode: the ten stay usable, and the bad one is repaired (items added) or excluded with a message naming it.',
  source: [{ case: 'SC-03' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('sc-03')
        .tools(
          ...tools('valid', 10),
          describedTool('tag_document', 'Tags a document.', {
            inputSchema: {
              type: 'object',
              properties: { id: { type: 'string' }, tags: { type: 'array' } },
              required: ['id'],
            },
          }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    {
      do: 'model-call',
      pick: { description: 'valid 04' },
      arguments: { query: 'q' },
      provider: 'openai-strict',
    },
  ],
  checks: [
    { invariant: 'model.provider-accepted', cites: { case: 'SC-03 E1' } },
    { invariant: 'model.requests-built', cites: { case: 'SC-03 E1' } },
    {
      invariant: 'model.tool-definition-sound',
      params: { tool: 'tag_document', rule: 'array-items' },
      cites: { case: 'SC-03 E2' },
    },
    { invariant: 'model.nothing-silently-dropped', cites: { case: 'SC-03 E2' } },
    {
      invariant: 'model.request-offers',
      params: {
        includes: [
          'valid_01',
          'valid_02',
          'valid_03',
          'valid_04',
          'valid_05',
          'valid_06',
          'valid_07',
          'valid_08',
          'valid_09',
          'valid_10',
        ],
      },
      cites: { case: 'SC-03 E1' },
    },
    { invariant: 'model.calls-routed', cites: { case: 'SC-03 E1' } },
  ],
};
