import type { Era, ScriptDocument } from '@toolshift/fake-server';
import fc from 'fast-check';
import * as arb from '../arbitraries/index.js';
import type { ObjectSchema } from '../arbitraries/tool-schema.js';
import type { TimelineEvent, Trial } from '../replay/trial.js';
import type { PropertySuite } from './property-suite.js';

const SERVERS = ['work', 'personal'] as const;

/** Input of {@link permissionIdentity}. */
export interface PermissionInput {
  era: Era;
  tools: Array<{ name: string; inputSchema: ObjectSchema; readOnlyHint: boolean }>;
  grants: Array<{ server: 0 | 1; pick: number }>;
  refusals: Array<{ server: 0 | 1; pick: number }>;
  calls: Array<{ server: 0 | 1; pick: number; n: number }>;
  seed: number;
}

/**
 * Permissions are keyed by identity: two servers (`work`, `personal`) offer the same tool names;
 * the user sets standing grants for some identities and refuses others when asked; some tools
 * claim `readOnlyHint: true` (an untrusted hint). Every call that reaches a server ran under a
 * permission for exactly its `(serverId, toolName)`: never one carried over from the other server,
 * never granted by a hint.
 * @see ../shared/spec/mcp-discovery-spec.md §2.2 (annotations are untrusted hints)
 */
export const permissionIdentity: PropertySuite<PermissionInput> = {
  id: 'permission-identity',
  title:
    'A call runs only under a permission for its own (serverId, toolName), never a hint or another server’s grant.',
  input: () =>
    fc.record({
      era: fc.constantFrom<Era>('modern', 'legacy'),
      tools: fc.uniqueArray(
        fc.record({ name: arb.toolName(), inputSchema: arb.toolSchema(), readOnlyHint: fc.boolean() }),
        { minLength: 1, maxLength: 3, selector: (tool) => tool.name },
      ),
      grants: fc.array(fc.record({ server: fc.constantFrom(0 as const, 1 as const), pick: fc.nat(9) }), {
        maxLength: 2,
      }),
      refusals: fc.array(fc.record({ server: fc.constantFrom(0 as const, 1 as const), pick: fc.nat(9) }), {
        maxLength: 2,
      }),
      calls: fc.array(
        fc.record({ server: fc.constantFrom(0 as const, 1 as const), pick: fc.nat(9), n: fc.nat(99) }),
        { minLength: 1, maxLength: 4 },
      ),
      seed: fc.nat(),
    }),
  trial(input): Trial {
    const tool = (pick: number) => input.tools[pick % input.tools.length]!;
    const script: ScriptDocument = {
      toolshiftScript: 1,
      name: 'permission-identity',
      catalog: {
        tools: input.tools.map(({ name, inputSchema, readOnlyHint }) => ({
          name,
          inputSchema,
          ...(readOnlyHint ? { annotations: { readOnlyHint: true } } : {}),
        })),
      },
      auth: {
        tokens: SERVERS.map((server) => ({ token: `${server}-token`, principal: server })),
      },
    };
    const events: TimelineEvent[] = [
      ...input.grants.map(
        (g): TimelineEvent => ({ do: 'grant', serverId: SERVERS[g.server], tool: tool(g.pick).name }),
      ),
      ...input.calls.map(
        (c): TimelineEvent => ({
          do: 'call',
          serverId: SERVERS[c.server],
          tool: tool(c.pick).name,
          arguments: arb.sampleArguments(tool(c.pick).inputSchema, c.n),
        }),
      ),
    ];
    return {
      era: input.era,
      script,
      connections: SERVERS.map((server) => ({
        serverId: server,
        principal: server,
        bearerToken: `${server}-token`,
      })),
      timeline: events,
      timelineFrom: 'first-exposure',
      refuse: input.refusals.map((r) => ({ serverId: SERVERS[r.server], tool: tool(r.pick).name })),
      seed: input.seed,
    };
  },
  invariants: ['permissions.no-transfer-across-servers'],
};
