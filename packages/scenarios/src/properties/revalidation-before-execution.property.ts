import type { Era, ScriptDocument, ScriptStep } from '@toolshift/fake-server';
import fc from 'fast-check';
import * as arb from '../arbitraries/index.js';
import type { ObjectSchema } from '../arbitraries/tool-schema.js';
import type { TimelineEvent, Trial } from '../replay/trial.js';
import type { PropertySuite } from './property-suite.js';

/** What the caller (a model) proposes: built against which contract, for which tool. */
type Proposal = { kind: 'call'; pick: number; against: 'current' | 'initial' | 'similar-name'; n: number };
type Op = { kind: 'change'; change: arb.CatalogChangeIntent } | Proposal;

/** Input of {@link revalidationBeforeExecution}. */
export interface RevalidationInput {
  era: Era;
  tools: Array<{ name: string; inputSchema: ObjectSchema }>;
  ops: Op[];
  seed: number;
}

function build(input: RevalidationInput): { steps: ScriptStep[]; events: TimelineEvent[] } {
  let tools: arb.CatalogTool[] = input.tools.map((tool) => ({ ...tool }));
  const steps: ScriptStep[] = [];
  const events: TimelineEvent[] = [];
  for (const op of input.ops) {
    if (op.kind === 'change') {
      const { action, after } = arb.applyCatalogChange(tools, op.change);
      tools = after;
      const id = `s${steps.length + 1}`;
      steps.push({ id, action });
      events.push({ do: 'step', step: id });
      continue;
    }
    const source = op.against === 'initial' ? input.tools : tools;
    const target = source[op.pick % Math.max(1, source.length)];
    if (!target) continue;
    const names = new Set(tools.map((tool) => tool.name));
    let tool = target.name;
    if (op.against === 'similar-name') {
      tool = `${target.name}s`;
      while (names.has(tool)) tool += 's';
    }
    events.push({
      do: 'call',
      serverId: 'primary',
      tool,
      arguments: arb.sampleArguments(target.inputSchema as ObjectSchema, op.n),
    });
  }
  return { steps, events };
}

/**
 * Revalidation before execution: a caller proposes calls built against the contract it saw, which
 * the server may have changed (re-schema, rename, removal) or which name a tool that never existed
 * (a similar name). Whatever the interleaving, every call that reaches the server carries
 * arguments that fit the contract the client held when it ran the call, names exactly the tool
 * asked for, and only a tool the client had listed.
 */
export const revalidationBeforeExecution: PropertySuite<RevalidationInput> = {
  id: 'revalidation-before-execution',
  title:
    'Calls proposed against old or wrong contracts never reach the server unchecked: arguments fit the current contract, the name is exact and listed.',
  input: () =>
    fc.record({
      era: fc.constantFrom<Era>('modern', 'legacy'),
      tools: fc.uniqueArray(fc.record({ name: arb.toolName(), inputSchema: arb.toolSchema() }), {
        minLength: 1,
        maxLength: 4,
        selector: (tool) => tool.name,
      }),
      ops: fc.array(
        fc.oneof(
          arb.catalogChange().map((change) => ({ kind: 'change' as const, change })),
          fc.record({
            kind: fc.constant('call' as const),
            pick: fc.nat(9),
            against: fc.constantFrom('current', 'initial', 'similar-name' as const),
            n: fc.nat(99),
          }),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      seed: fc.nat(),
    }),
  trial(input): Trial {
    const { steps, events } = build(input);
    const script: ScriptDocument = {
      toolshiftScript: 1,
      name: 'revalidation-before-execution',
      catalog: { tools: input.tools },
      steps,
    };
    return {
      era: input.era,
      script,
      connections: [{ serverId: 'primary', principal: 'anonymous' }],
      timeline: events,
      timelineFrom: 'first-exposure',
      seed: input.seed,
    };
  },
  invariants: [
    'execution.arguments-fit-current-contract',
    'execution.no-silent-redirect',
    'execution.calls-only-listed-tools',
    'registry.never-mixed',
  ],
};
