import { LEGACY_PROTOCOL_VERSIONS } from '../../world/server-settings.js';
import type { Subscription } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import type { EraEngine, EraOutcome, EraRequest } from '../era.js';
import { accepted, idOf, refuse, sseHeaders, success } from '../responses.js';
import { WireErrorCode, wireError } from '../wire-error.js';
import { checkEnvelope, supportedVersions } from './handshake.js';
import { modernHttpRules } from './http-rules.js';
import { MODERN_METHODS } from './methods.js';
import { announceToSubscriptions, endSubscriptions } from './subscriptions-listen.js';

/**
 * The 2026-07-28 engine: stateless requests with a per-request `_meta` envelope, `server/discover`,
 * `tools/list` with freshness hints, and `subscriptions/listen` streams.
 * @see ../shared/spec/mcp-discovery-spec.md §1.1–1.3, §2, §4.2, §5.1
 */
export class ModernEngine implements EraEngine {
  readonly era = 'modern' as const;
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(private readonly world: World) {}

  /** Live subscriptions (read-only view for the admin API and tests). */
  liveSubscriptions(): Subscription[] {
    return [...this.subscriptions.values()];
  }

  handle(req: EraRequest): EraOutcome {
    const httpMethod = req.request.httpMethod ?? 'POST';
    if (httpMethod !== 'POST') return refuse(modernHttpRules.methodNotAllowed(), idOf(req.classified));
    const bodyRefusal = modernHttpRules.checkPostBody(req.request);
    if (bodyRefusal) return refuse(bodyRefusal, idOf(req.classified));
    const classified = req.classified;
    if (!classified)
      return refuse({ status: 400, code: WireErrorCode.InvalidRequest, message: 'Empty body' });
    if (classified.kind === 'response') return refuse(modernHttpRules.clientResponse());
    if (classified.kind === 'notification') return accepted();

    if (classified.method === 'initialize') {
      // Only reached when the legacy era is not served: name what this server speaks (§1.3).
      return refuse(
        modernHttpRules.unsupportedVersion(
          String(classified.params?.protocolVersion ?? 'unknown'),
          supportedVersions(this.world).filter(
            (v) => !(LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(v),
          ),
        ),
        classified.id,
      );
    }
    const envelope = checkEnvelope(this.world, classified.params);
    if (!envelope.ok) return refuse(envelope.refusal, classified.id);
    const headerRefusal = modernHttpRules.checkHeaders(
      req.request,
      classified,
      envelope.envelope.protocolVersion,
    );
    if (headerRefusal) return refuse(headerRefusal, classified.id);

    // Own keys only: a method named `__proto__` or `constructor` is unknown, not Object.prototype.
    const handler = Object.hasOwn(MODERN_METHODS, classified.method)
      ? MODERN_METHODS[classified.method]
      : undefined;
    if (!handler) return refuse(modernHttpRules.methodNotFound(classified.method), classified.id);
    const outcome = handler({
      world: this.world,
      id: classified.id,
      params: classified.params,
      principal: req.principal,
      frame: req.frame,
      subscriptions: this.subscriptions,
    });
    switch (outcome.kind) {
      case 'result':
        return {
          response: {
            status: 200,
            headers: {},
            reply: { kind: 'message', message: success(classified.id, outcome.result) },
          },
          ...(outcome.pageServed !== undefined ? { pageServed: outcome.pageServed } : {}),
        };
      case 'error':
        return {
          response: {
            status: outcome.httpStatus ?? modernHttpRules.errorStatus,
            headers: {},
            reply: {
              kind: 'message',
              message: wireError(idOf(classified), outcome.code, outcome.message, outcome.data),
            },
          },
        };
      case 'stream':
        return {
          response: {
            status: 200,
            headers: sseHeaders(),
            reply: { kind: 'stream', stream: outcome.stream.stream },
          },
          streamOpened: { kind: outcome.streamKind, streamId: outcome.stream.streamId },
        };
    }
  }

  announceToolsChanged(): void {
    announceToSubscriptions(this.subscriptions);
  }

  shutdown(mode: 'graceful' | 'drop'): void {
    endSubscriptions(this.subscriptions, mode);
  }

  openStreamCount(): number {
    let count = 0;
    for (const subscription of this.subscriptions.values()) if (subscription.stream.open) count += 1;
    return count;
  }
}
