import type { Era, ScriptDocument, ScriptStep } from '@toolshift/fake-server';
import fc from 'fast-check';
import type { CatalogTool } from '../arbitraries/catalog.js';
import * as arb from '../arbitraries/index.js';
import type { ObjectSchema } from '../arbitraries/tool-schema.js';
import type { TimelineEvent, Trial } from '../replay/trial.js';
import { compareWithModel } from './final-exposure.js';
import type { PropertySuite } from './property-suite.js';

const ADMIN = 'tools:admin';

/** The model: the latest authoritative catalog, and what each principal may see of it. */
class CatalogModel {
  readonly tools = new Map<
    string,
    { inputSchema: ObjectSchema | Record<string, unknown>; scopes: string[] }
  >();
  bobConnected = false;
  constructor(readonly grants: readonly arb.PrincipalGrant[]) {}
  /** The catalog as `principal` is entitled to see it (a tool needing a scope it lacks is hidden). */
  visibleTo(principal: string): CatalogTool[] {
    const held = new Set(this.grants.find((g) => g.principal === principal)?.scopes ?? []);
    return [...this.tools]
      .filter(([, tool]) => tool.scopes.every((scope) => held.has(scope)))
      .map(([name, tool]) => ({ name, inputSchema: tool.inputSchema }));
  }
  pick(n: number): string | undefined {
    const names = [...this.tools.keys()];
    return names[n % Math.max(1, names.length)];
  }
}

/** The trial under construction: script steps and timeline events. */
class TrialBuilder {
  readonly steps: ScriptStep[] = [];
  readonly events: TimelineEvent[] = [];
  step(action: ScriptStep['action']): void {
    const id = `s${this.steps.length + 1}`;
    this.steps.push({ id, action });
    this.events.push({ do: 'step', step: id });
  }
}

type Command = fc.Command<CatalogModel, TrialBuilder>;

const addTool = (name: string, schema: ObjectSchema, scoped: boolean): Command => ({
  check: (m) => !m.tools.has(name),
  run: (m, r) => {
    m.tools.set(name, { inputSchema: schema, scopes: scoped ? [ADMIN] : [] });
    // Scopes first, so the tool is never visible to the wrong principal, even for a moment.
    r.step({ action: 'addTool', tool: { name, inputSchema: schema } } as ScriptStep['action']);
    if (scoped) r.step({ action: 'setToolScopes', name, scopes: [ADMIN] } as ScriptStep['action']);
  },
  toString: () => `addTool(${name}${scoped ? `, needs ${ADMIN}` : ''})`,
});
const removeTool = (n: number): Command => ({
  check: (m) => m.tools.size > 0,
  run: (m, r) => {
    const name = m.pick(n)!;
    m.tools.delete(name);
    r.step({ action: 'removeTool', name } as ScriptStep['action']);
  },
  toString: () => `removeTool(#${n})`,
});
const setScopes = (n: number, scoped: boolean): Command => ({
  check: (m) => m.tools.size > 0,
  run: (m, r) => {
    const name = m.pick(n)!;
    m.tools.get(name)!.scopes = scoped ? [ADMIN] : [];
    r.step({ action: 'setToolScopes', name, scopes: scoped ? [ADMIN] : [] } as ScriptStep['action']);
  },
  toString: () => `setToolScopes(#${n}, ${scoped ? ADMIN : 'none'})`,
});
const changeSchema = (n: number, schema: ObjectSchema): Command => ({
  check: (m) => m.tools.size > 0,
  run: (m, r) => {
    const name = m.pick(n)!;
    m.tools.get(name)!.inputSchema = schema;
    r.step({ action: 'changeSchema', name, inputSchema: schema } as ScriptStep['action']);
  },
  toString: () => `changeSchema(#${n})`,
});
const connectBob: Command = {
  check: (m) => !m.bobConnected,
  run: (m, r) => {
    m.bobConnected = true;
    r.events.push({ do: 'connect', serverId: 'bob' });
  },
  toString: () => 'connect(bob)',
};
const advance = (ms: number): Command => ({
  check: () => true,
  run: (_m, r) => {
    r.events.push({ do: 'advance', ms });
  },
  toString: () => `advance(${ms})`,
});

/** Input of {@link cacheScopeIsolation}. */
export interface CacheScopeInput {
  era: Era;
  grants: arb.PrincipalGrant[];
  tools: Array<{ name: string; inputSchema: ObjectSchema; scoped: boolean }>;
  commands: Iterable<Command>;
  seed: number;
}

/** Plays the commands on a fresh model and builder; returns both. */
function play(input: CacheScopeInput): { model: CatalogModel; builder: TrialBuilder } {
  const model = new CatalogModel(input.grants);
  for (const tool of input.tools)
    model.tools.set(tool.name, { inputSchema: tool.inputSchema, scopes: tool.scoped ? [ADMIN] : [] });
  const builder = new TrialBuilder();
  fc.modelRun(() => ({ model, real: builder }), input.commands);
  if (!model.bobConnected) connectBob.run(model, builder);
  return { model, builder };
}

/**
 * Cache-scope isolation, model-based: a gateway serves two principals from one upstream server and
 * one shared discovery cache; tools need a scope one principal may lack (the server hides them
 * from that principal, and its listing is then `private`). Commands (fast-check `fc.commands`)
 * add, remove, re-scope and re-schema tools, let time pass, and connect the second user at some
 * point. The model is the latest authoritative catalog per principal: each user must end seeing
 * exactly their own view, and no exposure may ever hold a tool only another principal's private
 * listing contained.
 * @see ../shared/spec/mcp-discovery-spec.md §7 (cacheScope), §11.3
 */
export const cacheScopeIsolation: PropertySuite<CacheScopeInput> = {
  id: 'cache-scope-isolation',
  title:
    'Two principals behind one gateway cache each see exactly their own catalog; no private listing crosses over.',
  input: () =>
    fc.record({
      era: fc.constantFrom<Era>('modern', 'legacy'),
      grants: arb.principals(2, [ADMIN]),
      tools: fc.uniqueArray(
        fc.record({ name: arb.toolName(), inputSchema: arb.toolSchema(), scoped: fc.boolean() }),
        { maxLength: 4, selector: (tool) => tool.name },
      ),
      commands: fc.commands(
        [
          fc
            .tuple(arb.toolName(), arb.toolSchema(), fc.boolean())
            .map(([name, schema, scoped]) => addTool(name, schema, scoped)),
          fc.nat(9).map(removeTool),
          fc.tuple(fc.nat(9), fc.boolean()).map(([n, scoped]) => setScopes(n, scoped)),
          fc.tuple(fc.nat(9), arb.toolSchema()).map(([n, schema]) => changeSchema(n, schema)),
          fc.constant(connectBob),
          fc.integer({ min: 1, max: 5000 }).map(advance),
        ],
        { maxCommands: 6 },
      ),
      seed: fc.nat(),
    }),
  trial(input): Trial {
    const { builder } = play(input);
    const toolScopes = Object.fromEntries(input.tools.filter((t) => t.scoped).map((t) => [t.name, [ADMIN]]));
    const script: ScriptDocument = {
      toolshiftScript: 1,
      name: 'cache-scope-isolation',
      catalog: { tools: input.tools.map(({ name, inputSchema }) => ({ name, inputSchema })) },
      auth: {
        tokens: input.grants.map((g) => ({ token: g.token, principal: g.principal, scopes: g.scopes })),
        toolScopes,
        hiddenTools: 'hide',
      },
      steps: builder.steps,
    };
    const [alice, bob] = input.grants;
    return {
      era: input.era,
      script,
      connections: [
        { serverId: 'alice', principal: alice!.principal, bearerToken: alice!.token, reuseCache: true },
        {
          serverId: 'bob',
          principal: bob!.principal,
          bearerToken: bob!.token,
          reuseCache: true,
          connectAtStart: false,
        },
      ],
      timeline: builder.events,
      settleMs: 901_000,
      seed: input.seed,
    };
  },
  invariants: ['cache.no-cross-principal-leak', 'registry.never-mixed'],
  referenceClient: 'reference-gateway',
  model(input, run) {
    const { model } = play(input);
    return (
      compareWithModel(run.record, 'alice', model.visibleTo(input.grants[0]!.principal)) ??
      compareWithModel(run.record, 'bob', model.visibleTo(input.grants[1]!.principal))
    );
  },
};
