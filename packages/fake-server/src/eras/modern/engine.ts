import type { ListFamily } from '../../world/list-kind.js';
import type { Principal } from '../../world/principal.js';
import { LEGACY_PROTOCOL_VERSIONS } from '../../world/server-settings.js';
import type { Subscription } from '../../world/subscription.js';
import type { World } from '../../world/world.js';
import type { EraEngine, EraOutcome, EraRequest } from '../era.js';
import { type MethodPlan, planMethod, progressNotification } from '../method-plan.js';
import { checkMethodScopes } from '../method-scopes.js';
import { accepted, answer, handlerMessage, idOf, refuse, sseHeaders } from '../responses.js';
import { writeStreamAnswer } from '../stream-answer.js';
import { WireErrorCode } from '../wire-error.js';
import { checkEnvelope, checkVersionSupported, supportedVersions } from './handshake.js';
import { modernHttpRules } from './http-rules.js';
import { complete, MODERN_METHODS } from './methods.js';
import {
  announceResourceUpdated,
  announceToSubscriptions,
  cancelSubscription,
  endSubscriptions,
  sendToSubscriptions,
} from './subscriptions-listen.js';

/**
 * The 2026-07-28 engine: stateless requests with a per-request `_meta` envelope, `server/discover`,
 * `tools/list` with freshness hints, and `subscriptions/listen` streams. Requests are answered as
 * JSON, or on their own SSE stream with `streams.postResponse: sse`.
 * @see ../shared/spec/mcp-discovery-spec.md §1.1–1.3, §2, §4.2, §5.1
 */
export class ModernEngine implements EraEngine {
  readonly era = 'modern' as const;
  private readonly subscriptions = new Map<string, Subscription>();

  constructor(private readonly world: World) {}

  knows(method: string): boolean {
    return Object.hasOwn(MODERN_METHODS, method);
  }

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
    if (classified.kind === 'notification') {
      if (classified.method === 'notifications/cancelled') {
        cancelSubscription(this.subscriptions, classified.params?.requestId, req.request.connectionId);
      }
      return accepted();
    }

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
    // Order (§5.1): envelope present (-32602), headers agree with the body (-32020), version supported (-32022).
    const envelope = checkEnvelope(classified.params);
    if (!envelope.ok) return refuse(envelope.refusal, classified.id);
    const headerRefusal = modernHttpRules.checkHeaders(
      req.request,
      classified,
      envelope.envelope.protocolVersion,
    );
    if (headerRefusal) return refuse(headerRefusal, classified.id);
    const versionRefusal = checkVersionSupported(this.world, envelope.envelope.protocolVersion);
    if (versionRefusal) return refuse(versionRefusal, classified.id);

    // Own keys only: a method named `__proto__` or `constructor` is unknown, not Object.prototype.
    const handler = Object.hasOwn(MODERN_METHODS, classified.method)
      ? MODERN_METHODS[classified.method]
      : undefined;
    const relayed = this.world.relay?.handlerFor({
      method: classified.method,
      params: classified.params,
      era: 'modern',
      principal: req.principal,
    });
    const plan = planMethod({
      world: this.world,
      era: 'modern',
      method: classified.method,
      params: classified.params,
      principal: req.principal,
      handler: relayed
        ? relayed
        : handler
          ? () =>
              handler({
                world: this.world,
                id: classified.id,
                params: classified.params,
                principal: req.principal,
                frame: req.frame,
                subscriptions: this.subscriptions,
                ...(req.request.connectionId !== undefined ? { connectionId: req.request.connectionId } : {}),
              })
          : undefined,
      wrapResult: (result) => complete(this.world, result),
      note: (text) => this.world.recorder.note(text, req.frame),
    });
    if (!plan) return refuse(modernHttpRules.methodNotFound(classified.method), classified.id);
    const errorStatus = this.world.settings.jsonRpcErrorStatus;
    const scopeRefusal = plan.scripted
      ? undefined
      : checkMethodScopes(
          this.world,
          classified.method,
          classified.params,
          req.principal,
          req.resourceMetadataUrl,
        );
    if (scopeRefusal && scopeRefusal.kind !== 'stream')
      return answer(classified.id, scopeRefusal, errorStatus);
    const answerOnStream =
      plan.onStream ||
      (this.world.settings.streams.postResponse === 'sse' && classified.method !== 'subscriptions/listen');
    if (answerOnStream) return this.answerOnStream(req, classified.id, plan);
    const early = plan.atArrival ? plan.run() : undefined;
    req.onReceived?.();
    const outcome = early ?? plan.run();
    if (outcome.kind !== 'stream')
      return { ...answer(classified.id, outcome, errorStatus), ...(plan.hold ? { hold: plan.hold } : {}) };
    return {
      response: {
        status: 200,
        headers: sseHeaders(),
        reply: { kind: 'stream', stream: outcome.stream.stream },
      },
      streamOpened: { kind: outcome.streamKind, streamId: outcome.stream.streamId },
    };
  }

  /** The `version-mismatch` fault: 400 + -32022 naming `supported` (§1.3). */
  versionMismatch(req: EraRequest, supported: readonly string[]): EraOutcome {
    const meta = req.classified?.kind === 'request' ? req.classified.params?._meta : undefined;
    const requested =
      typeof meta === 'object' && meta !== null
        ? String((meta as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion'] ?? 'unknown')
        : 'unknown';
    return refuse(modernHttpRules.unsupportedVersion(requested, supported), idOf(req.classified));
  }

  announceToolsChanged(audience?: (principal: Principal) => boolean): void {
    announceToSubscriptions(this.world, this.subscriptions, audience);
  }

  /** Sends a family's `list_changed` on every listen stream that asked for it. */
  announceListChanged(family: ListFamily, audience?: (principal: Principal) => boolean): void {
    announceToSubscriptions(this.world, this.subscriptions, audience, family);
  }

  /** Sends `notifications/resources/updated` on every listen stream subscribed to `uri`. */
  announceResourceUpdated(uri: string): void {
    announceResourceUpdated(this.world, this.subscriptions, uri);
  }

  /** Sends a notification that is not about tools on every acknowledged listen stream. */
  sendNotification(method: string, params: Record<string, unknown> | undefined): void {
    sendToSubscriptions(this.world, this.subscriptions, method, params);
  }

  endStreams(kind: 'listen' | 'get' | 'all', mode: 'graceful' | 'drop'): number {
    return kind === 'get' ? 0 : endSubscriptions(this.subscriptions, mode);
  }

  shutdown(mode: 'graceful' | 'drop'): void {
    endSubscriptions(this.subscriptions, mode);
  }

  openStreamCount(): number {
    let count = 0;
    for (const subscription of this.subscriptions.values()) if (subscription.stream.open) count += 1;
    return count;
  }

  private answerOnStream(req: EraRequest, id: string | number, plan: MethodPlan): EraOutcome {
    const stream = this.world.recorder.openStream(req.frame);
    const early = plan.atArrival ? plan.run() : undefined;
    if (plan.progress) {
      for (const step of plan.progress.steps) stream.send(progressNotification(plan.progress.token, step));
    }
    req.onReceived?.();
    const outcome = early ?? plan.run();
    return {
      response: { status: 200, headers: sseHeaders(), reply: { kind: 'stream', stream: stream.stream } },
      ...(outcome.kind === 'result' && outcome.pageServed !== undefined
        ? { pageServed: outcome.pageServed }
        : {}),
      ...(plan.hold ? { hold: plan.hold } : {}),
      ...(outcome.kind === 'result' && outcome.relay ? { relay: outcome.relay } : {}),
      deferred: {
        message: handlerMessage(id, outcome),
        stream,
        write: (payload) => writeStreamAnswer(stream, undefined, payload),
      },
    };
  }
}
