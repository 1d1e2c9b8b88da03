import type { ScriptTrigger } from './trigger.js';

/** `{ manual: true }`: only when the test, runner or admin API applies the step. */
export function manual(): ScriptTrigger {
  return { manual: true };
}

/** `{ atStart: true }`: when the server is created (and on `reset()`). */
export function atStart(): ScriptTrigger {
  return { atStart: true };
}

/** `{ afterRequests: n, … }`: after the nth (matching) request is answered, or received (`phase`). */
export function afterRequests(
  n: number,
  filter: { method?: string; tool?: string; phase?: 'received' | 'answered' } = {},
): ScriptTrigger {
  return { afterRequests: n, ...filter };
}

/** `{ betweenPages: k }`: after page k of a listing is served. */
export function betweenPages(k: number): ScriptTrigger {
  return { betweenPages: k };
}

/**
 * `{ onStreamOpen: kind, nth?, afterEvents? }`: when the `nth` stream of that kind opens (default the
 * first), or after its `afterEvents`th message. `resume` counts GETs with `Last-Event-ID` only.
 */
export function onStreamOpen(
  kind: 'listen' | 'get' | 'resume' | 'any',
  afterEvents?: number,
  nth?: number,
): ScriptTrigger {
  return {
    onStreamOpen: kind,
    ...(nth !== undefined ? { nth } : {}),
    ...(afterEvents !== undefined ? { afterEvents } : {}),
  };
}

/** `{ atTick: ms }`: when the logical clock reaches `ms`. */
export function atTick(ms: number): ScriptTrigger {
  return { atTick: ms };
}
