import { describeEndpoint } from '../connection/server-endpoint.js';
import type { ListKind } from '../discovery-machine/list-kind.js';
import { displayText, MAX_EMBEDDED_NAME_CHARS } from '../errors/display-text.js';
import type { DiscoveryWarningKind } from '../registry/discovery-warning.js';
import { listStatuses } from '../registry/server-status.js';
import type { CatalogSnapshot } from '../snapshot/catalog-snapshot.js';
import type { DiscoveryScope } from './discovery-scope.js';

/** What one warning says; the server's id, endpoint, lists and (optionally) self-description are added. */
interface WarningBody {
  kind: DiscoveryWarningKind;
  list?: ListKind;
  toolName?: string;
  message: string;
}

/**
 * The machine's `warn` effect, and the warnings the other effects raise (store failures, newly
 * normalized or excluded tools), each naming the server: its id, endpoint, lists and, where the
 * warning is about what it served, its self-reported name and version.
 */
export class WarningEffects {
  /** @param serverInfo the server's self-description, once connected. */
  constructor(
    private readonly scope: DiscoveryScope,
    private readonly serverInfo: () => { name: string; version: string } | undefined,
  ) {}

  /** Delivers a warning; `aboutServer`: add the server's self-description (not for store failures). */
  warn(body: WarningBody, aboutServer = true): void {
    const { scope } = this;
    const serverInfo = aboutServer ? this.serverInfo() : undefined;
    scope.host.warn({
      serverId: scope.config().serverId,
      endpoint: describeEndpoint(scope.endpoint()),
      ...(scope.kinds().length > 1 ? { lists: listStatuses(scope) } : {}),
      ...(serverInfo ? { serverInfo } : {}),
      kind: body.kind,
      ...(body.list ? { list: body.list } : {}),
      ...(body.toolName !== undefined ? { toolName: body.toolName } : {}),
      message: body.message,
    });
  }

  /** One warning per tool newly normalized or newly excluded (not again on every refresh). */
  contents(snapshot: CatalogSnapshot, before: CatalogSnapshot | undefined): void {
    for (const tool of snapshot.tools) {
      if (!tool.normalizations || before?.tool(tool.name) === tool) continue;
      const changes = tool.normalizations.map(({ pointer, change }) => `${change} at ${pointer}`).join('; ');
      this.warn({
        kind: 'schema-normalized',
        list: 'tools',
        toolName: tool.name,
        message: `tool ${displayText(tool.name, MAX_EMBEDDED_NAME_CHARS)}: its input schema was completed to an object schema (${changes})`,
      });
    }
    for (const excluded of snapshot.excluded) {
      const known = before?.excluded.some(
        (old) => old.name === excluded.name && old.reason === excluded.reason,
      );
      if (known) continue;
      this.warn({
        kind: 'tool-excluded',
        list: 'tools',
        toolName: excluded.name,
        message: `tool ${displayText(excluded.name, MAX_EMBEDDED_NAME_CHARS)} excluded: ${excluded.reason} at ${displayText(excluded.pointer || '/', MAX_EMBEDDED_NAME_CHARS)}: ${excluded.detail}`,
      });
    }
  }
}
