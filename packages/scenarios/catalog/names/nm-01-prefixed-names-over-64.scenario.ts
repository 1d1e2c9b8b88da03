import { scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool } from '../tools.js';

/** `prefix` padded with `_x` to exactly `length` characters. */
const named = (prefix: string, length: number) => `${prefix}${'_x'.repeat(length)}`.slice(0, length);
const shared = named('generate_quarterly_financial_statement_for_region', 64);

export const nm01PrefixedNamesOver64: Scenario = {
  id: 'nm-01-prefixed-names-over-64',
  title:
    'A server with a 20-character id offers tools named with 40, 50, 64 and 128 characters (two sharing a 64-character prefix): every model-facing name stays within ^[a-zA-Z0-9_-]{1,64}$, none collide, and a call under a shortened name reaches the original tool.',
  source: [{ case: 'NM-01' }, { spec: '2026-07-28 §2.3' }],
  eras: ['legacy', 'modern'],
  transports: ['http', 'msw', 'in-memory', 'stdio'],
  servers: [
    {
      id: 'acme-analytics-conn1',
      script: scriptBuilder('nm-01')
        .tools(
          describedTool(
            named('summarize_customer_feedback_entries', 40),
            'Summarizes customer feedback entries.',
          ),
          describedTool(
            named('reconcile_ledger_accounts_for_month_end', 50),
            'Reconciles ledger accounts at month end.',
          ),
          describedTool(shared, 'Generates the quarterly statement for one region.'),
          describedTool(`${shared}_and_publish_it`, 'Generates the quarterly statement and publishes it.'),
          describedTool(named('export_everything', 128), 'Exports everything in the workspace.'),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    {
      do: 'model-call',
      pick: { description: 'Generates the quarterly statement for one region' },
      arguments: { query: 'EMEA' },
    },
    { do: 'model-call', pick: { description: 'Exports everything' }, arguments: { query: 'all' } },
  ],
  checks: [
    { invariant: 'model.provider-accepted', cites: { case: 'NM-01 E1' } },
    { invariant: 'model.names-valid', cites: { case: 'NM-01 E1' } },
    { invariant: 'model.nothing-silently-dropped', cites: { case: 'NM-01 E3' } },
    { invariant: 'model.calls-routed', cites: { case: 'NM-01 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'NM-01 E2' } },
  ],
};
