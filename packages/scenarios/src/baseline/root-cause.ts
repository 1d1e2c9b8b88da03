import { NORMATIVE_LEVELS, type NormativeLevel, resolveAuthority, SPEC_CLAUSES } from '@toolshift/assertions';
import { ToolshiftError } from '@toolshift/fake-server';

/**
 * One cause of a library's failures, named once: a single code path of the library that explains
 * every baseline entry pointing at it (`rootCause: <id>`), and the authority the claim rests on:
 * - `must` / `should`: the MCP specification clauses it breaks (ids of `SPEC_CLAUSES`, quoted in
 *   every report), with a standalone reproduction for a `must` (`repro`, a folder under
 *   `scorecard/repros/`);
 * - `library-doc`: the library's own documented promise it breaks, with the document's location and
 *   its words;
 * - `advice`: no clause breaks (robustness, host policy, a provider's rule); shown as a risk, never
 *   charged as a bug.
 */
export interface RootCause {
  /** Stable id, kebab-case, unique within the baseline; reports show it as `<client>#<id>`. */
  id: string;
  /** One sentence: what the library does. */
  summary: string;
  level: NormativeLevel;
  /** `must` / `should`: the clause ids it breaks. */
  clauses?: string[];
  /** `library-doc`: where the library promises otherwise, and its words. */
  doc?: { location: string; quote: string };
  /** `advice`: why it is good practice all the same. */
  basis?: string;
  /** Where in the library the behaviour comes from (file and function, at the pinned version). */
  codePath: string;
  /** `must`: the folder of its standalone reproduction, from the repository root. */
  repro?: string;
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function invalid(source: string, pointer: string, message: string): ToolshiftError<'BASELINE_INVALID'> {
  return new ToolshiftError('BASELINE_INVALID', `Baseline ${source}: ${pointer} ${message}`, {
    source,
    pointer,
  });
}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Parses a baseline's `rootCauses` list.
 * @throws {ToolshiftError} BASELINE_INVALID naming the file, the JSON pointer and the rule: an id that
 * is not kebab-case or repeats, an unknown level, a `must`/`should` without clauses (or citing an
 * unknown clause, one that binds the server, or one weaker than the level), a `library-doc` without
 * the document's location and words, an `advice` without its basis, or a missing `codePath`.
 */
export function parseRootCauses(list: unknown, source: string): RootCause[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw invalid(source, '/rootCauses', 'must be a list.');
  const seen = new Set<string>();
  return list.map((raw, index): RootCause => {
    const at = `/rootCauses/${index}`;
    if (typeof raw !== 'object' || raw === null) throw invalid(source, at, 'must be a mapping.');
    const e = raw as Record<string, unknown>;
    const known = new Set(['id', 'summary', 'level', 'clauses', 'doc', 'basis', 'codePath', 'repro']);
    const extra = Object.keys(e).find((key) => !known.has(key));
    if (extra)
      throw invalid(source, `${at}/${extra}`, `is not a root cause field (use ${[...known].join(', ')}).`);
    if (!text(e.id) || !ID.test(e.id)) throw invalid(source, `${at}/id`, 'must be a kebab-case id.');
    if (seen.has(e.id))
      throw invalid(source, `${at}/id`, `repeats '${e.id}': each root cause is named once.`);
    seen.add(e.id);
    for (const key of ['summary', 'codePath'] as const)
      if (!text(e[key])) throw invalid(source, `${at}/${key}`, 'must be a non-empty string.');
    if (!(NORMATIVE_LEVELS as readonly unknown[]).includes(e.level))
      throw invalid(source, `${at}/level`, `must be one of ${NORMATIVE_LEVELS.join(', ')}.`);
    const level = e.level as NormativeLevel;
    const cause: RootCause = {
      id: e.id,
      summary: e.summary as string,
      level,
      codePath: e.codePath as string,
    };
    if (level === 'must' || level === 'should') {
      if (!Array.isArray(e.clauses) || e.clauses.length === 0 || !e.clauses.every(text))
        throw invalid(source, `${at}/clauses`, `must list the spec clauses a ${level} root cause breaks.`);
      const unknown = e.clauses.find((id) => SPEC_CLAUSES[id] === undefined);
      if (unknown)
        throw invalid(source, `${at}/clauses`, `names unknown clause '${unknown}' (see SPEC_CLAUSES).`);
      const server = e.clauses.find((id) => SPEC_CLAUSES[id]!.binds !== 'client');
      if (server)
        throw invalid(source, `${at}/clauses`, `names '${server}', which binds the server, not the client.`);
      try {
        resolveAuthority({ level, clauses: e.clauses });
      } catch (error) {
        throw invalid(source, `${at}/level`, (error as Error).message);
      }
      cause.clauses = e.clauses;
    }
    if (level === 'library-doc') {
      const doc = e.doc as Record<string, unknown> | undefined;
      if (!doc || !text(doc.location) || !text(doc.quote))
        throw invalid(
          source,
          `${at}/doc`,
          "must give the library document's location and its words ({ location, quote }).",
        );
      cause.doc = { location: doc.location, quote: doc.quote };
    }
    if (level === 'advice') {
      if (!text(e.basis)) throw invalid(source, `${at}/basis`, 'must say why it is advice all the same.');
      cause.basis = e.basis;
    }
    if (e.repro !== undefined) {
      if (!text(e.repro)) throw invalid(source, `${at}/repro`, 'must be a folder path.');
      cause.repro = e.repro;
    }
    if (level === 'must' && cause.repro === undefined)
      throw invalid(
        source,
        `${at}/repro`,
        'is missing: a must root cause has a standalone reproduction under scorecard/repros/.',
      );
    return cause;
  });
}
