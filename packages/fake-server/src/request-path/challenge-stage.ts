import { unauthorized } from '../eras/auth-challenge.js';
import { refuse } from '../eras/responses.js';
import { requestIdOf } from './exchange.js';
import type { RequestStage } from './request-stage.js';

/**
 * Challenge: an unauthenticated request gets 401 with `WWW-Authenticate: Bearer` naming the RFC 9728
 * metadata URL and the script's challenge scopes. It runs after the fault stage, so a fault step
 * that replaces the answer wins over the challenge.
 * @see ../shared/spec/mcp-discovery-spec.md §6
 */
export const challengeStage: RequestStage = {
  name: 'challenge',
  run(exchange, server) {
    const authentication = exchange.authentication;
    if (!authentication || authentication.ok) return 'next';
    const refusal = unauthorized(
      authentication.reason,
      exchange.eraRequest?.resourceMetadataUrl,
      server.script.auth?.challengeScopes ?? [],
    );
    exchange.response = refuse(refusal, requestIdOf(exchange)).response;
    return 'answered';
  },
};
