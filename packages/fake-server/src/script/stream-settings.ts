import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

/**
 * HTTP stream behaviour:
 * - `postResponse`: answer requests with `application/json` (default) or a `text/event-stream`
 *   carrying the response (both eras; legacy notifications may then travel on it, see
 *   `notifications.legacyRoute`);
 * - `eventIds` (legacy): give every SSE event an id (`<stream>:<n>`), send a priming event when a
 *   stream opens, keep each stream's events, and replay a stream's missed events to a GET with
 *   `Last-Event-ID` (default false: no ids, as many servers run);
 * - `retryMs` (legacy): the `retry:` field of the priming event, ms;
 * - `getStream` (legacy): `allow` the standalone GET stream (default) or `refuse` it with 405.
 * @see ../shared/spec/mcp-discovery-spec.md §5.1, §5.2
 */
export const StreamSettingsSchema = Type.Object(
  {
    postResponse: Type.Optional(StringEnum(['json', 'sse'])),
    eventIds: Type.Optional(Type.Boolean()),
    retryMs: Type.Optional(Type.Integer({ minimum: 0 })),
    getStream: Type.Optional(StringEnum(['allow', 'refuse'])),
  },
  {
    additionalProperties: false,
    description:
      "HTTP stream behaviour: - `postResponse`: answer requests with `application/json` (default) or a `text/event-stream` carrying the response (both eras; legacy notifications may then travel on it, see `notifications.legacyRoute`); - `eventIds` (legacy): give every SSE event an id (`<stream>:<n>`), send a priming event when a stream opens, keep each stream's events, and replay a stream's missed events to a GET with `Last-Event-ID` (default false: no ids, as many servers run); - `retryMs` (legacy): the `retry:` field of the priming event, ms; - `getStream` (legacy): `allow` the standalone GET stream (default) or `refuse` it with 405.",
  },
);
export type StreamSettings = Static<typeof StreamSettingsSchema>;
