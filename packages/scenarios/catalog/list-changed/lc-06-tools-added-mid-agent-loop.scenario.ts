import { afterRequests, restoreSnapshot, scriptBuilder } from '@toolshift/fake-server';
import type { Scenario } from '../../src/scenario.js';
import { describedTool, tool } from '../tools.js';

const base = [
  describedTool('enable_toolset', 'Enables the analytics toolset for this conversation.'),
  tool('ping_service'),
];
const analytics = Array.from({ length: 8 }, (_, i) =>
  describedTool(`analytics_report_${i + 1}`, `Analytics report ${i + 1}: aggregates usage events by day.`),
);

export const lc06ToolsAddedMidAgentLoop: Scenario = {
  id: 'lc-06-tools-added-mid-agent-loop',
  title:
    'The model calls enable_toolset, which adds 8 tools and announces them before returning: the very next model request in the same loop offers them, and calling one works.',
  source: [{ case: 'LC-06' }],
  // The case's delivery path: list_changed on the call's own SSE response stream, ahead of the result.
  // 2026-07-28 has no such path (changes travel on the listen stream, unordered against the result).
  eras: ['legacy'],
  transports: ['http', 'msw'],
  servers: [
    {
      id: 'primary',
      script: scriptBuilder('lc-06')
        .tools(...base)
        .streams({ postResponse: 'sse' })
        .notifications({ legacyRoute: 'post' })
        .step(
          'enable-analytics',
          restoreSnapshot([...base, ...analytics]),
          afterRequests(1, { method: 'tools/call', tool: 'enable_toolset', phase: 'received' }),
        )
        .build(),
    },
  ],
  clientActions: [
    { do: 'connect' },
    { do: 'settle' },
    {
      do: 'model-call',
      pick: { description: 'Enables the analytics toolset' },
      arguments: { query: 'enable' },
    },
    { do: 'model-call', pick: { description: 'Analytics report 3' }, arguments: { query: 'last week' } },
  ],
  checks: [
    { invariant: 'change.relists-after-signal', cites: { case: 'LC-06 E1' } },
    {
      invariant: 'model.request-offers',
      params: { includes: analytics.map((t) => t.name) },
      cites: { case: 'LC-06 E1' },
    },
    { invariant: 'model.calls-routed', cites: { case: 'LC-06 E2' } },
    { invariant: 'model.every-call-answered', cites: { case: 'LC-06 E2' } },
  ],
};
