import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import type { WireRequest } from '../exchange/wire-request.js';
import type { Era } from '../transcript/transcript-frame.js';
import type { Classified } from './json-rpc.js';

/**
 * Routes one message to an era on an endpoint that may serve both (§1.4): an initialized stdio
 * connection, `initialize`, GET or DELETE mean legacy; then a `_meta` protocol version means modern
 * (an `Mcp-Session-Id` beside it is ignored, §5.1); then an `Mcp-Session-Id` means legacy, and a
 * 2026+ `MCP-Protocol-Version` header modern. Anything else goes to the only era served, or to legacy (whose answer for a
 * session-less request, 400, is what a modern client expects from a legacy server).
 * @see ../shared/spec/mcp-discovery-spec.md §1.4
 */
export function detectEra(
  request: WireRequest,
  classified: Classified | undefined,
  served: ReadonlySet<Era>,
  connectionHasLegacySession: boolean,
): Era {
  if (served.size === 1) return served.has('modern') ? 'modern' : 'legacy';
  if (connectionHasLegacySession) return 'legacy';
  if (request.httpMethod === 'GET' || request.httpMethod === 'DELETE') return 'legacy';
  if (classified && classified.kind !== 'response') {
    if (classified.method === 'initialize') return 'legacy';
    // A modern request names its revision in `_meta`; an `Mcp-Session-Id` beside it is ignored
    // (§5.1: modern servers ignore the header), as the official SDK servers do.
    const meta = classified.params?._meta;
    if (meta && typeof meta === 'object' && PROTOCOL_VERSION_META_KEY in meta) return 'modern';
  }
  if (request.headers['mcp-session-id'] !== undefined) return 'legacy';
  const header = request.headers['mcp-protocol-version'];
  if (header !== undefined && header >= '2026-07-28') return 'modern';
  return 'legacy';
}
