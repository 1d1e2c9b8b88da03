import type { RunRecord } from './run-record.js';

/** One time the client used a server's tools: a host call, a model request or a model call. */
export interface ToolUse {
  /** The transcript position when the use ended (the observation's `afterSeq`). */
  seq: number;
  /** The transcript position when the use began (its `startedAfterSeq` when recorded; `seq` otherwise). */
  from: number;
  /** The use in words, for messages: `call alpha`, `model request`, `model call "x"`. */
  what: string;
}

/**
 * Whether the client builds its tool set afresh for each use instead of keeping a standing
 * registry: it used `serverId`'s tools (`toolUses`) but never reported an exposure. Such a client
 * (e.g. one listing before every model request) has no registry a change could leave stale; change
 * checks judge it by its uses (each use after a change comes after a fresh listing) instead of by a
 * re-list after every signal.
 */
export function listsPerUse(run: RunRecord, serverId: string): boolean {
  return (
    !run.observations.some((observation) => observation.kind === 'exposure') &&
    toolUses(run, serverId).length > 0
  );
}

/**
 * The client's uses of `serverId`'s tools, in order (a use "after" a change signal is one that
 * began after it: `from >= signal.seq`): host calls to that server, model requests
 * built without error, and model calls (a model request or call may draw on any server).
 */
export function toolUses(run: RunRecord, serverId: string): ToolUse[] {
  return run.observations.flatMap((o): ToolUse[] => {
    const from =
      (o.kind === 'call' || o.kind === 'model-call' || o.kind === 'model-request'
        ? o.startedAfterSeq
        : undefined) ?? o.afterSeq;
    if (o.kind === 'call' && o.serverId === serverId)
      return [{ seq: o.afterSeq, from, what: `call ${o.toolName}` }];
    if (o.kind === 'model-request' && o.error === undefined)
      return [{ seq: o.afterSeq, from, what: 'model request' }];
    if (o.kind === 'model-call')
      return [{ seq: o.afterSeq, from, what: `model call ${JSON.stringify(o.name)}` }];
    return [];
  });
}
