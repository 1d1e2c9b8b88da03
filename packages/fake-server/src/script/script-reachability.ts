import { ScriptError } from '../errors/script-error.js';
import type { TransportKind } from '../exchange/wire-request.js';
import type { Era } from '../transcript/transcript-frame.js';
import type { ScriptAction } from './actions/index.js';
import { resolveSettings } from './resolve-settings.js';
import type { ScriptDocument } from './script-document.js';

/** One script field that can never fire on the server it configures: where, the rule, and why. */
export interface Unreachable {
  /** JSON pointer into the script. */
  pointer: string;
  /** The reachability rule it breaks (stable, for tests and tools). */
  rule: string;
  /** Why it can never fire, and what would make it fire, in words. */
  why: string;
}

const ERA_NAME: Readonly<Record<Era, string>> = { legacy: '2025-11-25', modern: '2026-07-28' };
const LIST_OF_FAMILY = { resources: 'resources', prompts: 'prompts' } as const;

/** `2025-11-25 only`, `2026-07-28 only`: the eras a server serves, for messages. */
function served(eras: ReadonlySet<Era>): string {
  return [...eras].map((era) => ERA_NAME[era]).join(' and ') + (eras.size === 1 ? ' only' : '');
}

/**
 * Every field of `doc` that can never fire on the server it configures, by era and capability
 * (the transport is checked when one attaches, see {@link transportUnreachable}). Scripted answers
 * and request triggers for any method can fire (methods an era does not know are answered and
 * counted before the era engine); what cannot:
 * - an `answers` entry or an `afterRequests` trigger for a notification (`notifications/…`): a
 *   notification is never a request, so it is never answered nor counted;
 * - an `onStreamOpen` trigger for a stream the server never opens: `listen` without 2026-07-28;
 *   `get` or `resume` without 2025-11-25 or with the GET stream refused (`streams.getStream`);
 *   `resume` without event ids (`streams.eventIds`: nothing to resume from);
 * - a `betweenPages` trigger for a list the server does not serve, or for a page K ≥ 2 of a list it
 *   never paginates (no page size, and no `setPagination` step);
 * - an action with nothing to act on: `expireSession` without 2025-11-25 (no sessions); `setListen`
 *   without 2026-07-28 (no listen streams); `endStreams` of `listen` streams without 2026-07-28 or of
 *   `get` streams without 2025-11-25; `emitListChanged` for a list the server does not serve or whose
 *   changes it does not announce (`server.<list>ListChanged: false`).
 */
export function scriptUnreachable(doc: ScriptDocument): Unreachable[] {
  const settings = resolveSettings(doc);
  const eras = settings.eras;
  const found: Unreachable[] = [];
  const without = (era: Era) => !eras.has(era);
  for (const [index, rule] of (doc.answers ?? []).entries())
    if (rule.method.startsWith('notifications/'))
      found.push({
        pointer: `/answers/${index}/method`,
        rule: 'answerableMethod',
        why: `'${rule.method}' is a notification: it is never answered. Script what the server sends with an emitNotification step instead.`,
      });
  const paginates = (list: string) =>
    settings.pagination.pageSize !== undefined ||
    (doc.pagination?.lists as Record<string, { pageSize?: number } | undefined> | undefined)?.[list]
      ?.pageSize !== undefined ||
    (doc.steps ?? []).some((step) => step.action.action === 'setPagination');
  const servesList = (list: string) =>
    list === 'tools' ||
    doc.catalog?.[list as 'resources'] !== undefined ||
    (list === 'resourceTemplates' && doc.catalog?.resources !== undefined) ||
    (list === 'resources' && doc.catalog?.resourceTemplates !== undefined);
  for (const [index, step] of (doc.steps ?? []).entries()) {
    const at = `/steps/${index}`;
    const trigger = step.trigger;
    if (trigger && 'afterRequests' in trigger && trigger.method?.startsWith('notifications/'))
      found.push({
        pointer: `${at}/trigger/method`,
        rule: 'countableMethod',
        why: `'${trigger.method}' is a notification: only requests are counted. Count a request, or trigger the step another way.`,
      });
    if (trigger && 'onStreamOpen' in trigger) {
      const kind = trigger.onStreamOpen;
      const why =
        kind === 'listen' && without('modern')
          ? `this server serves ${served(eras)}, which has no subscriptions/listen streams. Serve 2026-07-28 (server.eras) or use onStreamOpen 'get'.`
          : (kind === 'get' || kind === 'resume') && without('legacy')
            ? `this server serves ${served(eras)}, which has no GET streams. Serve 2025-11-25 (server.eras) or use onStreamOpen 'listen'.`
            : (kind === 'get' || kind === 'resume') && settings.streams.getStream === 'refuse'
              ? `the server refuses the GET stream (streams.getStream: refuse), so none ever opens.`
              : kind === 'resume' && !settings.streams.eventIds
                ? `without event ids (streams.eventIds) a client has no Last-Event-ID to resume with. Turn eventIds on.`
                : undefined;
      if (why)
        found.push({
          pointer: `${at}/trigger/onStreamOpen`,
          rule: 'streamOpens',
          why: `'${kind}' can never fire: ${why}`,
        });
    }
    if (trigger && 'betweenPages' in trigger) {
      const list = trigger.list ?? 'tools';
      if (!servesList(list))
        found.push({
          pointer: `${at}/trigger/list`,
          rule: 'pageServed',
          why: `the server does not serve ${list} (no catalog.${list}), so no page of it is ever served.`,
        });
      else if (trigger.betweenPages >= 2 && !paginates(list))
        found.push({
          pointer: `${at}/trigger/betweenPages`,
          rule: 'pageServed',
          why: `page ${trigger.betweenPages} of ${list} is never served: the list is not paginated (no pagination.pageSize, no setPagination step), so every listing is one page.`,
        });
    }
    const action = step.action as ScriptAction;
    const idle = actionIdle(
      action,
      eras,
      (family) => (family === 'tools' ? settings.toolsListChanged : settings.listChanged[family]),
      (family) => servesList(LIST_OF_FAMILY[family]),
    );
    if (idle) found.push({ pointer: `${at}/action/action`, rule: 'actionApplies', why: idle });
  }
  return found;
}

/** Why `action` can never act on this server, or `undefined`. */
function actionIdle(
  action: ScriptAction,
  eras: ReadonlySet<Era>,
  announces: (family: 'tools' | 'resources' | 'prompts') => boolean,
  serves: (family: 'resources' | 'prompts') => boolean,
): string | undefined {
  switch (action.action) {
    case 'expireSession':
      return eras.has('legacy')
        ? undefined
        : `'expireSession' has nothing to expire: this server serves ${served(eras)}, which has no sessions.`;
    case 'setListen':
      return eras.has('modern')
        ? undefined
        : `'setListen' changes listen streams, and this server serves ${served(eras)}, which has none.`;
    case 'endStreams':
      if (action.streams === 'listen' && !eras.has('modern'))
        return `'endStreams' of listen streams ends nothing: this server serves ${served(eras)}.`;
      if (action.streams === 'get' && !eras.has('legacy'))
        return `'endStreams' of GET streams ends nothing: this server serves ${served(eras)}.`;
      return undefined;
    case 'emitListChanged': {
      const family = (action.list ?? 'tools') as 'tools' | 'resources' | 'prompts';
      if (family !== 'tools' && !serves(family))
        return `'emitListChanged' for ${family} is never sent: the server does not serve ${family}.`;
      if (!announces(family))
        return `'emitListChanged' for ${family} is never sent: the server does not announce ${family} changes (server.${family}ListChanged: false).`;
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Every field of `doc` that can never fire over a transport of `kind`: on stdio and in-memory a
 * connection has no GET stream (its channel carries what a GET stream would), so `onStreamOpen`
 * triggers for `get` or `resume` never fire there.
 */
export function transportUnreachable(doc: ScriptDocument, kind: TransportKind): Unreachable[] {
  if (kind !== 'stdio' && kind !== 'in-memory') return [];
  return (doc.steps ?? []).flatMap((step, index) => {
    const trigger = step.trigger;
    if (!trigger || !('onStreamOpen' in trigger)) return [];
    if (trigger.onStreamOpen !== 'get' && trigger.onStreamOpen !== 'resume') return [];
    return [
      {
        pointer: `/steps/${index}/trigger/onStreamOpen`,
        rule: 'streamOpens',
        why: `'${trigger.onStreamOpen}' can never fire over ${kind}: a connection there has no GET stream (its channel carries the notifications). Run the script over http or msw, or use onStreamOpen 'listen'.`,
      },
    ];
  });
}

/**
 * Throws for the first field `found` names.
 * @throws {ScriptError} SCRIPT_UNREACHABLE naming the JSON pointer, the rule and why it can never fire.
 */
export function assertReachable(found: readonly Unreachable[], source: string): void {
  const first = found[0];
  if (!first) return;
  const more =
    found.length > 1
      ? ` (and ${found.length - 1} more: ${found
          .slice(1)
          .map((f) => f.pointer)
          .join(', ')})`
      : '';
  throw new ScriptError(
    'SCRIPT_UNREACHABLE',
    `Failed to load script ${source}: ${first.pointer} can never fire on this server: ${first.why}${more}`,
    source,
    first.pointer,
    first.rule,
    { unreachable: found.map((f) => ({ pointer: f.pointer, rule: f.rule })) },
  );
}
