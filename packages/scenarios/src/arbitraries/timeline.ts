import type { Era, ScriptStep } from '@toolshift/fake-server';
import fc from 'fast-check';
import type { TimelineEvent } from '../replay/trial.js';
import type { CatalogTool } from './catalog.js';
import { applyCatalogChange, type CatalogChangeIntent, catalogChange } from './catalog-change.js';

/** One server-side happening of a timeline, before it is resolved against the catalog. */
export type ServerIntent =
  | { kind: 'change'; change: CatalogChangeIntent }
  | { kind: 'advance'; ms: number }
  | { kind: 'drop-stream'; mode: 'drop' | 'graceful' }
  | { kind: 'lose-session' };

/** Options of {@link serverTimeline}. */
export interface ServerTimelineOptions {
  era: Era;
  maxEvents?: number;
  /** Include stream drops and (legacy) session losses (default true). */
  disruptions?: boolean;
}

/**
 * A timeline of server actions: catalog changes (add, remove, re-schema, rename), time passing,
 * and disruptions (the change stream dropped or ended, a legacy session expired).
 */
export function serverTimeline(options: ServerTimelineOptions): fc.Arbitrary<ServerIntent[]> {
  const disruptions = options.disruptions ?? true;
  const intent: fc.Arbitrary<ServerIntent> = fc.oneof(
    { weight: 6, arbitrary: catalogChange().map((change) => ({ kind: 'change' as const, change })) },
    {
      weight: 2,
      arbitrary: fc.integer({ min: 1, max: 5000 }).map((ms) => ({ kind: 'advance' as const, ms })),
    },
    ...(disruptions
      ? [
          {
            weight: 2,
            arbitrary: fc
              .constantFrom('drop', 'graceful' as const)
              .map((mode) => ({ kind: 'drop-stream' as const, mode })),
          },
          ...(options.era === 'legacy'
            ? [{ weight: 1, arbitrary: fc.constant({ kind: 'lose-session' as const }) }]
            : []),
        ]
      : []),
  );
  return fc.array(intent, { minLength: 1, maxLength: options.maxEvents ?? 6 });
}

/** A resolved timeline: script steps to add to the script, the events naming them, and the catalog after each change. */
export interface ResolvedTimeline {
  steps: ScriptStep[];
  events: TimelineEvent[];
  /** The catalog at the end (the model's truth). */
  finalTools: CatalogTool[];
}

/** Resolves intents against `initial`, step ids `s1`, `s2`, … in order. */
export function resolveTimeline(
  initial: readonly CatalogTool[],
  intents: readonly ServerIntent[],
  era: Era,
): ResolvedTimeline {
  let tools = [...initial];
  const steps: ScriptStep[] = [];
  const events: TimelineEvent[] = [];
  const step = (action: ScriptStep['action']) => {
    const id = `s${steps.length + 1}`;
    steps.push({ id, action });
    events.push({ do: 'step', step: id });
  };
  for (const intent of intents) {
    switch (intent.kind) {
      case 'change': {
        const { action, after } = applyCatalogChange(tools, intent.change);
        tools = after;
        step(action);
        break;
      }
      case 'advance':
        events.push({ do: 'advance', ms: intent.ms });
        break;
      case 'drop-stream':
        step({
          action: 'endStreams',
          streams: era === 'modern' ? 'listen' : 'get',
          mode: intent.mode,
        } as ScriptStep['action']);
        break;
      case 'lose-session':
        step({ action: 'expireSession' } as ScriptStep['action']);
        break;
    }
  }
  return { steps, events, finalTools: tools };
}
