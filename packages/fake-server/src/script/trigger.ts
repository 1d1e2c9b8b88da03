import { Type } from '@sinclair/typebox';

/**
 * When a step fires. Exactly one trigger key per object; each step fires at most once.
 * - `{ manual: true }` (the default): only when the test, the runner or the admin API applies it;
 * - `{ atStart: true }`: when the server is created (and again on `reset()`);
 * - `{ afterRequests: N, method?, tool?, phase? }`: right after the Nth request (of `method`, or of
 *   any method; with `tool`, only `tools/call`s of that tool) is answered (`phase: answered`, the
 *   default), or once it is received and accepted, before its method runs (`phase: received`: the
 *   request is still in flight, and its own SSE stream, if any, is open);
 * - `{ betweenPages: K, list? }`: right after page K of a `tools/list` enumeration (or of `list`:
 *   `resources`, `resourceTemplates`, `prompts`) is served, before page K+1;
 * - `{ onStreamOpen: 'listen' | 'get' | 'resume' | 'any', nth?: N, afterEvents?: N }`: when the Nth
 *   stream of that kind opens (default the first): a modern listen stream, a legacy GET stream
 *   (resumptions included), a resumption alone (a GET with `Last-Event-ID`), or any of them; or after
 *   that stream's Nth message (`afterEvents`);
 * - `{ atTick: T }`: when the logical clock reaches T ms.
 */
export type ScriptTrigger =
  | { manual: true }
  | { atStart: true }
  | { afterRequests: number; method?: string; tool?: string; phase?: 'received' | 'answered' }
  | { betweenPages: number; list?: 'tools' | 'resources' | 'resourceTemplates' | 'prompts' }
  | { onStreamOpen: 'listen' | 'get' | 'resume' | 'any'; nth?: number; afterEvents?: number }
  | { atTick: number };

/** JSON Schema of {@link ScriptTrigger}. */
export const ScriptTriggerSchema = Type.Unsafe<ScriptTrigger>({
  type: 'object',
  description: 'When the step fires; exactly one of the trigger keys.',
  additionalProperties: false,
  properties: {
    manual: { const: true },
    atStart: { const: true },
    afterRequests: {
      type: 'integer',
      minimum: 1,
      description: 'Fire after the Nth matching request (1 = the first).',
    },
    method: { type: 'string', minLength: 1, description: 'Only count requests of this JSON-RPC method.' },
    tool: { type: 'string', minLength: 1, description: 'Only count tools/call requests of this tool.' },
    phase: {
      enum: ['received', 'answered'],
      description: 'Fire when the request is received (before its method runs) or answered (default).',
    },
    betweenPages: { type: 'integer', minimum: 1, description: 'Fire after page K of a listing is served.' },
    list: {
      enum: ['tools', 'resources', 'resourceTemplates', 'prompts'],
      description: 'betweenPages: whose listing (default tools).',
    },
    onStreamOpen: {
      enum: ['listen', 'get', 'resume', 'any'],
      description:
        'Which stream: listen, get (a legacy GET, resumptions too), resume (a GET with Last-Event-ID), any.',
    },
    nth: {
      type: 'integer',
      minimum: 1,
      description: 'onStreamOpen: the Nth stream of that kind (default 1).',
    },
    afterEvents: {
      type: 'integer',
      minimum: 1,
      description: "onStreamOpen: after that stream's Nth message.",
    },
    atTick: { type: 'integer', minimum: 0, description: 'Logical time, ms.' },
  },
  dependencies: {
    method: ['afterRequests'],
    tool: ['afterRequests'],
    phase: ['afterRequests'],
    afterEvents: ['onStreamOpen'],
    nth: ['onStreamOpen'],
    list: ['betweenPages'],
  },
  oneOf: [
    { required: ['manual'] },
    { required: ['atStart'] },
    { required: ['afterRequests'] },
    { required: ['betweenPages'] },
    { required: ['onStreamOpen'] },
    { required: ['atTick'] },
  ],
});

/** The trigger keys, for messages. */
export const TRIGGER_KEYS = [
  'manual',
  'atStart',
  'afterRequests',
  'betweenPages',
  'onStreamOpen',
  'atTick',
] as const;
