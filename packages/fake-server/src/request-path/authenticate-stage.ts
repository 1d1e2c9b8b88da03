import type { EraRequest } from '../eras/era.js';
import type { WireRequest } from '../exchange/wire-request.js';
import type { Authentication } from '../world/principal.js';
import { protectedResourceMetadataUrl } from '../world/protected-resource-metadata.js';
import type { World } from '../world/world.js';
import type { RequestStage } from './request-stage.js';

/**
 * Authenticate: finds the principal the request is made as (from its bearer token; stdio and
 * in-memory requests run as the local principal) and records the inbound frame with it. An
 * unauthenticated request is not refused here: a fault step may still replace its answer (see the
 * challenge stage).
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export const authenticateStage: RequestStage = {
  name: 'authenticate',
  run(exchange, server) {
    const { request } = exchange;
    const authentication = authenticate(request, server.world);
    exchange.authentication = authentication;
    const principal = authentication.ok ? authentication.principal : undefined;
    exchange.frame = {
      era: exchange.frame.era,
      transport: request.transport,
      streamId: exchange.frame.streamId,
      principal: principal?.id ?? 'unauthenticated',
    };
    const headerSession = exchange.frame.era === 'legacy' ? request.headers['mcp-session-id'] : undefined;
    // Only a visible-ASCII id can be a session: anything else is refused, never recorded as one.
    if (headerSession && /^[\x21-\x7E]+$/.test(headerSession)) exchange.frame.sessionId = headerSession;
    server.recorder.inbound(exchange.frame, request, exchange.message ? { message: exchange.message } : {});
    // Auth challenges name the metadata URL; without an auth section there are none.
    const resourceMetadataUrl =
      server.script.auth && request.endpointUrl
        ? protectedResourceMetadataUrl(request.endpointUrl)
        : undefined;
    const eraRequest: EraRequest = {
      request,
      frame: exchange.frame,
      principal: principal ?? { id: 'unauthenticated', scopes: [] },
      ...(exchange.classified ? { classified: exchange.classified } : {}),
      ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
    };
    exchange.eraRequest = eraRequest;
    return 'next';
  },
};

function authenticate(request: WireRequest, world: World): Authentication {
  // Requests without HTTP (stdio, in-memory) carry no credentials and are never challenged (§6).
  if (request.httpMethod === undefined) return { ok: true, principal: world.principals.local() };
  return world.principals.authenticate(request.headers.authorization, request.endpointUrl);
}
