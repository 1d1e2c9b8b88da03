/** A protocol revision of the MCP specification that toolshift judges against. */
export type ProtocolRevision = '2025-11-25' | '2026-07-28';

/**
 * One normative clause of the MCP specification that a check can rest on, quoted from the spec
 * digest the project builds on (`docs/spec/mcp-discovery-spec.md`, a copy of
 * `shared/spec/mcp-discovery-spec.md`): the words that carry the MUST or SHOULD, the revisions that
 * say it, the page and heading of the specification it comes from and the digest's section.
 * `spec-clauses.test.ts` holds every quote to the digest, word for word.
 */
export interface SpecClause {
  /** Stable id, kebab-case, e.g. `legacy-session-404-new-session`. Never renamed or reused. */
  id: string;
  /** `must` for MUST, MUST NOT and required; `should` for SHOULD, SHOULD NOT and RECOMMENDED. */
  level: 'must' | 'should';
  /** The revisions that carry the clause. */
  revisions: readonly ProtocolRevision[];
  /** Who the clause binds: a client (host) or a server. */
  binds: 'client' | 'server';
  /**
   * Where the specification says it: the page under `docs/specification/<revision>/` and its
   * heading, e.g. `basic/transports §Session Management`.
   */
  section: string;
  /** The digest's section, e.g. `§5.2`. */
  digestSection: string;
  /** The digest's words, verbatim apart from markdown emphasis and line breaks. */
  quote: string;
}

/**
 * The clause as a report cites it: `MUST (2025-11-25 basic/transports §Session Management; digest
 * §5.2): "on 404 the client MUST start over …"`.
 */
export function citeClause(clause: SpecClause): string {
  return `${clause.level.toUpperCase()} (${clause.revisions.join(', ')} ${clause.section}; digest ${clause.digestSection}): "${clause.quote}"`;
}
