import type { Era } from '../transcript/transcript-frame.js';
import type { ListFamily } from '../world/list-kind.js';
import type { Principal } from '../world/principal.js';
import type { World } from '../world/world.js';
import { LegacyEngine } from './legacy/engine.js';
import { ModernEngine } from './modern/engine.js';

/**
 * The engines of every era over one world, and what the server does to all of them at once:
 * announce a change, send a notification, end streams, shut down. A third era is one more engine
 * here (and one folder).
 */
export class EraEngines {
  readonly legacy: LegacyEngine;
  readonly modern: ModernEngine;

  constructor(world: World) {
    this.legacy = new LegacyEngine(world);
    this.modern = new ModernEngine(world);
  }

  /** The engine answering `era`. */
  of(era: Era): LegacyEngine | ModernEngine {
    return era === 'legacy' ? this.legacy : this.modern;
  }

  /** Sends the tools-changed signal on every open stream of every era (limited to `audience` when given). */
  announceToolsChanged(audience?: (principal: Principal) => boolean): void {
    this.legacy.announceToolsChanged(audience);
    this.modern.announceToolsChanged(audience);
  }

  /** Sends a family's `list_changed` on every open stream of every era that carries it. */
  announceListChanged(family: ListFamily, audience?: (principal: Principal) => boolean): void {
    this.legacy.announceListChanged(family, audience);
    this.modern.announceListChanged(family, audience);
  }

  /** Sends `notifications/resources/updated` for `uri` to every client subscribed to it, in every era. */
  announceResourceUpdated(uri: string): void {
    this.legacy.announceResourceUpdated(uri);
    this.modern.announceResourceUpdated(uri);
  }

  /** Sends a notification that is not about tools on every stream that may carry it. */
  sendNotification(method: string, params: Record<string, unknown> | undefined): void {
    this.legacy.sendNotification(method, params);
    this.modern.sendNotification(method, params);
  }

  /** Ends every stream of `kind`; returns how many ended. */
  endStreams(kind: 'listen' | 'get' | 'all', mode: 'graceful' | 'drop'): number {
    return this.legacy.endStreams(kind, mode) + this.modern.endStreams(kind, mode);
  }

  /** Ends every stream and forgets every session and subscription (modern first, as a restart does). */
  shutdown(mode: 'graceful' | 'drop'): void {
    this.modern.shutdown(mode);
    this.legacy.shutdown(mode);
  }

  /** Open long-lived streams (legacy GET + modern listen). */
  openStreamCount(): number {
    return this.legacy.openStreamCount() + this.modern.openStreamCount();
  }

  /** The principals of every live legacy session and modern subscription. */
  activePrincipals(): Principal[] {
    return [
      ...this.legacy.liveSessions().map((session) => session.principal),
      ...this.modern.liveSubscriptions().map((subscription) => subscription.principal),
    ];
  }
}
