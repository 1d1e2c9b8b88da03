import type { Era, TranscriptFrame } from '@toolshift/fake-server';
import { type NegotiatedEra, negotiatedEra } from './negotiated-era.js';

/** A tool as the client under test exposes it (to a model or a user). */
export interface ExposedTool {
  /** Server connection id the client attributes the tool to. */
  serverId: string;
  /** The MCP tool name (not a model-facing alias). */
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  /**
   * The tool's `_meta` as the host holds it (what it shows or passes on), when the client reports it:
   * `registry.tool-meta-as-served` holds it to the `_meta` the server served.
   */
  _meta?: Record<string, unknown>;
  /**
   * Set when the client deliberately exposes an input schema that differs from the one the server
   * served (e.g. normalized for a model provider), saying what it changed. A declared rewrite is not
   * a finding of `registry.schemas-as-served`; `registry.current-contracts` never counts a rewrite
   * as staleness.
   */
  schemaRewrite?: string;
}

/** One tool as a model is shown it in a request: the model-facing name and what it stands for. */
export interface ModelTool {
  /** The model-facing name (an alias when the client renames). */
  name: string;
  /** The identity behind it, as the client's reverse map says. */
  serverId: string;
  toolName: string;
  description?: string;
  /** The parameters schema sent to the model. */
  parameters?: unknown;
}

/** A tool the client kept out of a model request, and why (e.g. `adaptation-failed`, `budget`). */
export interface WithheldModelTool {
  serverId: string;
  toolName: string;
  reason: string;
  detail?: string;
}

/** What the model got back for one of its tool calls. */
export type ModelCallOutcome =
  | { kind: 'result'; isError: boolean; text: string }
  /** The client threw or hung instead of producing a tool result (the model gets nothing). */
  | { kind: 'crashed'; error: string };

/**
 * What the harness saw the client do, stamped with the transcript position at that moment
 * (`afterSeq` = the last frame of this record's server transcript when the observation was made).
 */
export type Observation =
  | { kind: 'exposure'; afterSeq: number; tools: ExposedTool[] }
  | {
      kind: 'call';
      afterSeq: number;
      serverId: string;
      toolName: string;
      arguments: unknown;
      outcome: { ok: true; result: unknown } | { ok: false; error: string; code?: string };
      /** The transcript position when the call was handed to the client (the call's window opens here). */
      startedAfterSeq?: number;
    }
  | {
      /**
       * A permission the user (the harness) gave or refused for one tool identity: `asked` when the
       * client asked before a call, `standing` when the user set an "always allow" rule up front.
       */
      kind: 'permission';
      afterSeq: number;
      serverId: string;
      toolName: string;
      granted: boolean;
      how: 'asked' | 'standing';
    }
  | { kind: 'note'; afterSeq: number; text: string }
  /** The tool set the client built for a model request (or why it could not). */
  | {
      kind: 'model-request';
      afterSeq: number;
      provider?: string;
      tools: ModelTool[];
      withheld: WithheldModelTool[];
      /** The client's own token estimate for the definitions, when it reports one. */
      estimatedTokens?: number;
      /** The client's token estimate per server id, when it reports one. */
      perServerTokens?: Readonly<Record<string, number>>;
      /** Set when building the request failed (the model request would not be sent). */
      error?: string;
      /**
       * How many tools the host says this request offers the model (the count its UI or registry
       * shows the user), when it reports one: `model.tool-count-as-reported` holds the wire to it.
       */
      reportedToolCount?: number;
      /** The fake model provider's exchange that carried this request (its `model` frames), when it reached it. */
      exchange?: number;
      /**
       * Read from the wire (a host's own agent turn): how many of the offered tools the request marked
       * OpenAI `strict: true`. Absent when the runner built the request from the tools a client reported.
       */
      strictTools?: number;
      /** The transcript position when the host was asked for the request (the request's window opens here). */
      startedAfterSeq?: number;
    }
  /** The model called `name`; what the client routed it to and what the model got back. */
  | {
      kind: 'model-call';
      afterSeq: number;
      name: string;
      arguments: unknown;
      /** The identity the client says it routed the call to (absent when it did not route it). */
      routedTo?: { serverId: string; toolName: string };
      /**
       * The entry of the model request the model chose (by its description), when it chose one;
       * absent when the model called a name literally. Routing checks resolve the intended server
       * from its description and the servers' own listings, not from the name alone.
       */
      chosen?: ModelTool;
      outcome: ModelCallOutcome;
      /** The transcript position when the model's call was handed to the client. */
      startedAfterSeq?: number;
    }
  /** A warning the client surfaced to its user (e.g. a tool excluded for its schema). */
  | { kind: 'warning'; afterSeq: number; serverId: string; toolName?: string; message: string }
  /**
   * The discovery state the client reported for a server: when the runner asked (`observe-state`),
   * or when the client said it changed (`reported: true`).
   */
  | {
      kind: 'server-state';
      afterSeq: number;
      serverId: string;
      state: string;
      detail?: string;
      reported?: true;
    }
  /** The resources (and resource templates) the host now shows for a server, complete (`[]` too). */
  | {
      kind: 'resources';
      afterSeq: number;
      serverId: string;
      resources: ReadonlyArray<{ uri: string; name?: string }>;
      resourceTemplates: ReadonlyArray<{ uriTemplate: string; name?: string }>;
    }
  /** The prompts the host now shows for a server, complete (`[]` too). */
  | {
      kind: 'prompts';
      afterSeq: number;
      serverId: string;
      prompts: ReadonlyArray<{ name: string; description?: string }>;
    }
  /**
   * The client connected to a server but could not build its tool set from the listing (its
   * connect failed after the handshake: a listing it could not decode, a name it refused): `error`
   * is what it reported. Registry checks fail with it as evidence.
   */
  | { kind: 'tool-set-error'; afterSeq: number; serverId: string; error: string };

/** One connection the client holds: its server id, and the principal its credentials stand for. */
export interface ConnectionRecord {
  serverId: string;
  /** The principal the fake server records for this connection's frames (`anonymous` without a token). */
  principal: string;
}

/** The server's catalog at the end of the run, as the truth the client should have converged to. */
export interface CatalogTruth {
  catalogRevision: number;
  tools: ReadonlyArray<{ name: string; inputSchema: unknown; outputSchema?: unknown; description?: string }>;
}

/**
 * The keys of the server's other lists at the end of the run (resource URIs, template URI
 * templates, prompt names), for lists it serves; a list it does not serve is absent.
 */
export interface ListsTruth {
  resources?: readonly string[];
  resourceTemplates?: readonly string[];
  prompts?: readonly string[];
}

/** One server connection's side of a run: its transcript and final catalog. */
export interface ServerRecord {
  transcript: readonly TranscriptFrame[];
  finalCatalog: CatalogTruth;
  /** The server's resources, templates and prompts at the end of the run (as in `RunRecord`). */
  finalLists?: ListsTruth;
  /**
   * The client's observations stamped against this server's transcript (the same observations, in
   * the same order, as every other server's record). Absent: the run's own `observations`.
   */
  observations?: readonly Observation[];
  /** Every connection to this server's fake server, when more than one shares it (as in `RunRecord`). */
  connections?: readonly ConnectionRecord[];
  /** This server's credential digest (as in `RunRecord`). */
  credentialDigest?: (credential: string) => string;
}

/** Everything an invariant may look at: the transcript, the client's observations and the server's truth. */
export interface RunRecord {
  /**
   * The era label of the run's cell: the era the client was asked to prefer (`legacy`, `modern`),
   * or `dual` (no preference, on an endpoint serving both). It is not what the client spoke:
   * era-specific invariants judge by `negotiated` (see {@link negotiationOf}).
   */
  era: Era | 'dual';
  /** The eras this connection's endpoint serves (absent: inferred from the transcript where it shows). */
  endpointEras?: readonly Era[];
  /** The era the client negotiated on this connection, read from the wire (absent: computed from the transcript). */
  negotiated?: NegotiatedEra;
  /**
   * `true` for a client that reports nothing but its traffic (a wire-only client): its empty
   * `observations` are unknown, not "it exposed nothing"; checks judge it as a client that keeps a
   * registry (see `Invariant.judgesWireOnly`).
   */
  wireOnly?: boolean;
  /** The server connection id the client was given (the one this record is about). */
  serverId: string;
  transcript: readonly TranscriptFrame[];
  observations: readonly Observation[];
  /** The catalog the server held when the run ended. */
  finalCatalog: CatalogTruth;
  /** The server's resources, templates and prompts when the run ended (absent: not recorded). */
  finalLists?: ListsTruth;
  /**
   * Every connection of the run when there is more than one (e.g. two principals, or two server ids
   * on one fake server): lets checkers attribute transcript frames to a connection by principal.
   * Absent: one connection, `serverId`, owning every frame.
   */
  connections?: readonly ConnectionRecord[];
  /**
   * Every server connection of the run by id (this one included), for checks that span servers
   * with a fake server each. Observations' `afterSeq` refer to this record's transcript only.
   */
  servers?: Readonly<Record<string, ServerRecord>>;
  /**
   * The digest the server's transcript records for a request carrying `credential` (a bearer
   * token): what a frame's `credentialDigest` is compared with, so checks can tell tokens apart
   * without the transcript holding any. Absent for a record read back from a file (the key is never
   * written down): a check that needs it is inconclusive.
   */
  credentialDigest?: (credential: string) => string;
}

/**
 * The frames of one connection: those recorded for its principal when the run names connections,
 * otherwise every frame.
 */
export function connectionFrames(run: RunRecord, serverId: string): readonly TranscriptFrame[] {
  const principal = run.connections?.find((connection) => connection.serverId === serverId)?.principal;
  if (principal === undefined) return run.transcript;
  return run.transcript.filter((frame) => frame.principal === principal || frame.direction === 'server');
}

/** The server ids of the run: its connections, or the one `serverId`. */
export function connectionIds(run: RunRecord): string[] {
  return run.connections ? run.connections.map((connection) => connection.serverId) : [run.serverId];
}

/** Every server connection id of the run: the keys of `servers`, or the one `serverId`. */
export function serverIds(run: RunRecord): string[] {
  return run.servers ? Object.keys(run.servers) : [run.serverId];
}

/**
 * The run record of server `serverId` of the same run: its transcript, final catalog, observations
 * stamped against its transcript and its connections, with every server still attached (its
 * negotiated era and endpoint eras are read from its own frames). `run` itself when `serverId` is
 * its own; `undefined` for a server the run does not hold.
 */
export function recordOf(run: RunRecord, serverId: string): RunRecord | undefined {
  if (serverId === run.serverId) return run;
  const server = run.servers?.[serverId];
  if (!server) return undefined;
  const {
    connections: _c,
    negotiated: _n,
    endpointEras: _e,
    credentialDigest: _d,
    finalLists: _l,
    ...rest
  } = run;
  return {
    ...rest,
    serverId,
    transcript: server.transcript,
    finalCatalog: server.finalCatalog,
    observations: server.observations ?? run.observations,
    ...(server.finalLists ? { finalLists: server.finalLists } : {}),
    ...(server.connections && server.connections.length > 1 ? { connections: server.connections } : {}),
    ...(server.credentialDigest ? { credentialDigest: server.credentialDigest } : {}),
  };
}

/** The era the client negotiated on the record's connection: `run.negotiated`, or read from its frames. */
export function negotiationOf(run: RunRecord): NegotiatedEra {
  return run.negotiated ?? negotiatedEra(connectionFrames(run, run.serverId));
}
