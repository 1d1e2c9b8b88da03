import type { ListKind } from '../world/list-kind.js';
import type { ListPage } from '../world/list-pager.js';
import type { Principal } from '../world/principal.js';
import type { World } from '../world/world.js';
import { errorResult, type HandlerResult } from './method-handler.js';
import { WireErrorCode } from './wire-error.js';

/**
 * The era-independent part of a listing (`tools/list`, `resources/list`,
 * `resources/templates/list`, `prompts/list`): cursor checks (-32602 "Invalid cursor" for a cursor
 * the server did not issue or no longer accepts) and the page the principal sees. Each era wraps the
 * page in its own result shape; scopes were checked before (`checkMethodScopes`).
 * @see ../shared/spec/mcp-discovery-spec.md §2.1, §2.5
 */
export function listPage(
  world: World,
  kind: ListKind,
  params: Record<string, unknown> | undefined,
  principal: Principal,
): { ok: true; page: ListPage } | { ok: false; error: HandlerResult } {
  const cursor = params?.cursor;
  if (cursor !== undefined && typeof cursor !== 'string') {
    return { ok: false, error: errorResult(WireErrorCode.InvalidParams, 'Invalid cursor: must be a string') };
  }
  const outcome = world.pager(kind).list(cursor, principal);
  if (!outcome.ok) {
    const message = outcome.reason === 'expired-cursor' ? 'Invalid cursor: expired' : 'Invalid cursor';
    return { ok: false, error: errorResult(WireErrorCode.InvalidParams, message) };
  }
  return { ok: true, page: outcome.page };
}
