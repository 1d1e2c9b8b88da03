import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../json-schema/string-enum.js';

/**
 * How modern `subscriptions/listen` streams behave:
 * - `ack`: `immediate` (default: the acknowledgement is the first message); `withhold` (never sent;
 *   no notification is sent on the stream either, since none may precede the ack);
 *   `afterFirstNotification` (violation: the first notification precedes the ack);
 * - `honor`: which requested notification types the ack may include (default: each
 *   `<list>ListChanged` when that list is served and its changes are announced, and
 *   `resourceSubscriptions` when resources are served and `resourcesSubscribe` is on). Set one to
 *   `false` to acknowledge only a subset of what the client asked for;
 * - `unsupported`: when nothing requested can be honoured, `ack-empty` (default) or answer
 *   -32601 (§11.5).
 * @see ../shared/spec/mcp-discovery-spec.md §4.2, §11.5
 */
export const ListenSettingsSchema = Type.Object(
  {
    ack: Type.Optional(StringEnum(['immediate', 'withhold', 'afterFirstNotification'])),
    honor: Type.Optional(
      Type.Object(
        {
          toolsListChanged: Type.Optional(Type.Boolean()),
          resourcesListChanged: Type.Optional(Type.Boolean()),
          promptsListChanged: Type.Optional(Type.Boolean()),
          resourceSubscriptions: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    unsupported: Type.Optional(StringEnum(['ack-empty', 'method-not-found'])),
  },
  {
    additionalProperties: false,
    description:
      'How modern `subscriptions/listen` streams behave: - `ack`: `immediate` (default: the acknowledgement is the first message); `withhold` (never sent; no notification is sent on the stream either, since none may precede the ack); `afterFirstNotification` (violation: the first notification precedes the ack); - `honor`: which requested notification types the ack may include (default: each `<list>ListChanged` when that list is served and its changes are announced, and `resourceSubscriptions` when resources are served and `resourcesSubscribe` is on). Set one to `false` to acknowledge only a subset of what the client asked for; - `unsupported`: when nothing requested can be honoured, `ack-empty` (default) or answer -32601 (§11.5).',
  },
);
export type ListenSettings = Static<typeof ListenSettingsSchema>;
