import type { AuthorityRule } from './authority/authority.js';
import type { ParamShape } from './param-shape.js';
import type { RunRecord } from './run-record.js';
import type { Verdict } from './verdict.js';

/** Parameters a scenario check passes to its invariant (plain JSON). */
export type InvariantParams = Readonly<Record<string, unknown>>;

/**
 * A named property every correct discovery client keeps. `check` is pure: it reads the run record
 * (and the check's parameters, if the invariant takes any) and returns a verdict with evidence; it
 * never throws for a violated property.
 */
export interface Invariant {
  /** Stable id, `<area>.<kebab-name>`, e.g. `change.relists-after-signal`. */
  id: string;
  /** One sentence stating the property. */
  title: string;
  /** Where the property comes from: a spec section, a seed document, or a case id in shared/cases. */
  source: string;
  /**
   * On what authority a failure of it is a claim about the client: the clauses of the MCP
   * specification it rests on (`must` / `should`), or `advice` with its basis; one per era where the
   * revisions differ. A scenario check may narrow it (`ScenarioCheck.authority`), e.g. a page count
   * that rests on a clause only in that scenario.
   */
  authority: AuthorityRule;
  check(run: RunRecord, params?: InvariantParams): Verdict;
  /**
   * How a check no `server:` narrows judges a run with several servers (`checkEveryServer`): `all`
   * (default) checks each server's record and holds when no server fails; `any` holds when some
   * server passes (e.g. "the user was told X", whichever server it concerned); `run`: the invariant
   * judges every server in one pass itself (e.g. over model requests, which span all servers).
   */
  acrossServers?: 'all' | 'any' | 'run';
  /**
   * `true` when the invariant can judge a client that reports nothing but its traffic (a wire-only
   * client, e.g. a conformance-style program): it is given no observations and judges the client
   * as one that keeps a registry, from the transcript alone. Invariants without it that read
   * observations are `n/a` for such a client.
   */
  judgesWireOnly?: boolean;
  /**
   * For invariants that take parameters: returns why `params` are unusable, or `undefined` when they
   * are fine. Scenario loading calls it, so a bad parameter fails at load time, not mid-run.
   */
  validateParams?(params: InvariantParams | undefined): string | undefined;
  /** The parameters it takes (names, types, which are required), for the generated reference. */
  params?: ParamShape;
}
