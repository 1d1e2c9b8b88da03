import type { ClientObserver } from '../../adapters/client-adapter.js';
import type { ObservationLog } from '../observation-log.js';
import type { ExposureFeed } from './exposure-feed.js';

/**
 * What a client adapter reports to during a cell, turned into observations in `log`: exposures
 * (also published to `exposures`), notes, warnings, permission decisions, shown resources and
 * prompts, reported server states. The scenario plays the user and approves every call the client
 * asks about.
 */
export function createSessionObserver(log: ObservationLog, exposures: ExposureFeed): ClientObserver {
  return {
    exposure: (tools) => {
      log.add({ kind: 'exposure', tools });
      exposures.publish(tools);
    },
    note: (text) => log.add({ kind: 'note', text }),
    warning: (warning) => log.add({ kind: 'warning', ...warning }),
    permission: (decision) => log.add({ kind: 'permission', ...decision }),
    approve: () => true,
    resources: (serverId, shown) =>
      log.add({
        kind: 'resources',
        serverId,
        resources: shown.resources.map(({ uri, name }) => ({
          uri,
          ...(name !== undefined ? { name } : {}),
        })),
        resourceTemplates: shown.resourceTemplates.map(({ uriTemplate, name }) => ({
          uriTemplate,
          ...(name !== undefined ? { name } : {}),
        })),
      }),
    prompts: (serverId, prompts) =>
      log.add({
        kind: 'prompts',
        serverId,
        prompts: prompts.map(({ name, description }) => ({
          name,
          ...(description !== undefined ? { description } : {}),
        })),
      }),
    state: (serverId, reported) =>
      log.add({
        kind: 'server-state',
        serverId,
        state: reported.state,
        ...(reported.detail !== undefined ? { detail: reported.detail } : {}),
        reported: true,
      }),
  };
}
