import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool, tool } from '../tools.js';

const item = {
  type: 'object',
  properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
  required: ['sku'],
};

export const sc01DefsRefSchemas: Scenario = {
  id: 'sc-01-defs-ref-schemas',
  title:
    'Three tools use local $defs/$ref (plain, inside anyOf with null, and recursive) and the model is Gemini: none is silently dropped; each is sent with references that resolve, or excluded with a warning, and the request still goes out.',
  source: [{ case: 'SC-01' }, { spec: '2026-07-28 §2.4' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('sc-01')
        .tools(
          describedTool('add_item', 'Adds one item to the cart.', {
            inputSchema: {
              type: 'object',
              properties: { item: { $ref: '#/$defs/Item' } },
              required: ['item'],
              $defs: { Item: item },
            },
          }),
          describedTool('set_gift_item', 'Sets or clears the gift item.', {
            inputSchema: {
              type: 'object',
              properties: { item: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Item' }] } },
              $defs: { Item: item },
            },
          }),
          describedTool('save_category_tree', 'Saves a category tree.', {
            inputSchema: {
              type: 'object',
              properties: { root: { $ref: '#/$defs/Node' } },
              required: ['root'],
              $defs: {
                Node: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    children: { type: 'array', items: { $ref: '#/$defs/Node' } },
                  },
                  required: ['name'],
                },
              },
            },
          }),
          tool('list_orders'),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    { do: 'model-request', provider: 'gemini' },
    {
      do: 'model-call',
      pick: { description: 'list orders' },
      arguments: { query: 'open' },
      provider: 'gemini',
    },
  ],
  checks: [
    { invariant: 'model.provider-accepted', cites: { case: 'SC-01 E2' } },
    { invariant: 'model.requests-built', cites: { case: 'SC-01 E2' } },
    { invariant: 'model.nothing-silently-dropped', cites: { case: 'SC-01 E1' } },
    {
      id: 'plain-ref',
      invariant: 'model.tool-definition-sound',
      params: { tool: 'add_item', rule: 'refs-resolve' },
      cites: { case: 'SC-01 S1' },
    },
    {
      id: 'nullable-ref',
      invariant: 'model.tool-definition-sound',
      params: { tool: 'set_gift_item', rule: 'refs-resolve' },
      cites: { case: 'SC-01 S2' },
    },
    {
      id: 'recursive-ref',
      invariant: 'model.tool-definition-sound',
      params: { tool: 'save_category_tree', rule: 'refs-resolve' },
      cites: { case: 'SC-01 S3' },
    },
    { invariant: 'model.request-offers', params: { includes: ['list_orders'] }, cites: { case: 'SC-01 E2' } },
    { invariant: 'model.calls-routed', cites: { case: 'SC-01 E2' } },
  ],
};
