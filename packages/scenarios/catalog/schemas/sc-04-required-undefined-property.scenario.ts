import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool, tools } from '../tools.js';

export const sc04RequiredUndefinedProperty: Scenario = {
  id: 'sc-04-required-undefined-property',
  title:
    'For Gemini: one tool’s required names an undefined property, another has required: false on a property, with 30 valid tools around them: the bad tool is repaired or excluded with a warning, the request succeeds, and the valid tools stay callable.',
  source: [{ case: 'SC-04' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('sc-04')
        .tools(
          describedTool('search_tickets', 'Searches support tickets.', {
            inputSchema: {
              type: 'object',
              properties: { query: { type: 'string' } },
              required: ['query', 'limit'],
            },
          }),
          describedTool('find_user', 'Finds a user by email.', {
            inputSchema: { type: 'object', properties: { email: { type: 'string', required: false } } },
          }),
          ...tools('valid', 30),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle', until: 'quiet' },
    { do: 'model-call', pick: { description: 'valid 12' }, arguments: { query: 'q' }, provider: 'gemini' },
  ],
  checks: [
    { invariant: 'model.provider-accepted', cites: { case: 'SC-04 E1' } },
    { invariant: 'model.requests-built', cites: { case: 'SC-04 E1' } },
    {
      invariant: 'model.tool-definition-sound',
      params: { tool: 'search_tickets', rule: 'required-defined' },
      cites: { case: 'SC-04 E1' },
    },
    { invariant: 'model.nothing-silently-dropped', cites: { case: 'SC-04 E1' } },
    { invariant: 'model.calls-routed', cites: { case: 'SC-04 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'SC-04 E2' } },
  ],
};
