/**
 * The three server lists a host discovers: `tools` (what a model may call), `prompts` (slash
 * commands) and `resources` (context a user can attach). Each has the same identity, freshness,
 * change handling and state machine; they differ only in method names and capability keys.
 */
export type ListKind = 'tools' | 'prompts' | 'resources';

/** Every {@link ListKind}, tools first. */
export const LIST_KINDS: readonly ListKind[] = ['tools', 'prompts', 'resources'];

/** The wire names of one list in both eras. */
export interface ListProtocol {
  /** The paginated list method, e.g. `tools/list`. */
  method: `${ListKind}/list`;
  /** The result field holding the entries, e.g. `tools`. */
  field: ListKind;
  /** The change notification (legacy unsolicited; modern on a listen stream). */
  notification: `notifications/${ListKind}/list_changed`;
  /** The `subscriptions/listen` filter key that asks for it. */
  listenKey: 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged';
}

/** The wire names of each list. */
export const LIST_PROTOCOL: Readonly<Record<ListKind, ListProtocol>> = {
  tools: {
    method: 'tools/list',
    field: 'tools',
    notification: 'notifications/tools/list_changed',
    listenKey: 'toolsListChanged',
  },
  prompts: {
    method: 'prompts/list',
    field: 'prompts',
    notification: 'notifications/prompts/list_changed',
    listenKey: 'promptsListChanged',
  },
  resources: {
    method: 'resources/list',
    field: 'resources',
    notification: 'notifications/resources/list_changed',
    listenKey: 'resourcesListChanged',
  },
};
