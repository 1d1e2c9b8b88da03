import type { Era, ScriptDocument } from '@toolshift/fake-server';

/** Where a scenario comes from: a seed document, a spec section, or a case in shared/cases. */
export type ScenarioSource = { seed: string } | { spec: string } | { case: string };

/**
 * One thing the runner does during a cell, in order:
 * - `connect`: the client under test connects to the fake server and does its initial discovery;
 * - `settle`: wait until the client's exposed tools equal the server's catalog and the wire is quiet
 *   (bounded by the settle timeout; a timeout is recorded, never thrown);
 * - `step`: the fake server applies a script step (by id);
 * - `call`: the client calls a tool through its own path (exposure, validation, transport).
 */
export type ClientAction =
  | { do: 'connect' }
  | { do: 'settle' }
  | { do: 'step'; step: string }
  | { do: 'call'; tool: string; arguments?: Record<string, unknown> };

/**
 * A scenario is data: the server script, what the client is asked to do, and the invariants that
 * must hold. It names invariants by id; it never imports the runner or a client.
 */
export interface Scenario {
  /** Stable id, kebab-case; used on the CLI, in reports and in baseline files. */
  id: string;
  title: string;
  source: ScenarioSource[];
  /** Eras the scenario applies to. */
  eras: Era[];
  script: ScriptDocument;
  clientActions: ClientAction[];
  /** Ids of invariants from `@toolshift/assertions` that must pass. */
  invariants: string[];
}

/** Formats a scenario source for reports. */
export function describeSource(source: ScenarioSource): string {
  if ('seed' in source) return `seed ${source.seed}`;
  if ('spec' in source) return `spec ${source.spec}`;
  return `case ${source.case}`;
}
