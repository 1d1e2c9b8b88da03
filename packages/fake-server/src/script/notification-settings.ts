import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

/**
 * How the server signals tool-list changes, in both eras:
 * - `mode`: `send` (default) or `suppress` (a change happens silently; recorded as a note);
 * - `delayMs`: hold each signal until the logical clock has advanced this far (ms);
 * - `duplicate`: copies of each signal (default 1);
 * - `legacyRoute`: where a legacy `list_changed` travels: the session's GET stream (`get`, default),
 *   an open POST response stream of the session (`post`: an unrelated request's SSE stream), or GET
 *   when open else a POST stream (`get-or-post`). With no such stream open it is lost (or kept for
 *   `Last-Event-ID` replay when event ids are on);
 * - `uninitializedSessions`: `skip` (default) or `send` to legacy sessions that have not sent
 *   `notifications/initialized` yet (a violation of the lifecycle SHOULD);
 * - `audience`: `all` subscribers (default), or only those whose visible tool list changed (§11.6).
 * @see ../shared/spec/mcp-discovery-spec.md §4.1, §4.2, §11.6
 */
export const NotificationSettingsSchema = Type.Object(
  {
    mode: Type.Optional(StringEnum(['send', 'suppress'])),
    delayMs: Type.Optional(Type.Integer({ minimum: 0, description: 'Logical delay, ms.' })),
    duplicate: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    legacyRoute: Type.Optional(StringEnum(['get', 'post', 'get-or-post'])),
    uninitializedSessions: Type.Optional(StringEnum(['skip', 'send'])),
    audience: Type.Optional(StringEnum(['all', 'affected'])),
  },
  {
    additionalProperties: false,
    description:
      "How the server signals tool-list changes, in both eras: - `mode`: `send` (default) or `suppress` (a change happens silently; recorded as a note); - `delayMs`: hold each signal until the logical clock has advanced this far (ms); - `duplicate`: copies of each signal (default 1); - `legacyRoute`: where a legacy `list_changed` travels: the session's GET stream (`get`, default), an open POST response stream of the session (`post`: an unrelated request's SSE stream), or GET when open else a POST stream (`get-or-post`). With no such stream open it is lost (or kept for `Last-Event-ID` replay when event ids are on); - `uninitializedSessions`: `skip` (default) or `send` to legacy sessions that have not sent `notifications/initialized` yet (a violation of the lifecycle SHOULD); - `audience`: `all` subscribers (default), or only those whose visible tool list changed (§11.6).",
  },
);
export type NotificationSettings = Static<typeof NotificationSettingsSchema>;
