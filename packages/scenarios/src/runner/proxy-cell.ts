import type { ScriptDocument } from '@toolshift/fake-server';
import { createProxyServer, type ProxyServer, type UpstreamTarget } from '@toolshift/fake-server/proxy';
import type { Scenario } from '../scenario.js';
import type { CellServers } from './cell-servers.js';

/** Script actions a proxy cannot play against a real upstream, with why. */
const UNEXPRESSIBLE: Readonly<Record<string, string>> = {
  restartServer: 'it restarts the server (the upstream is a real process the proxy does not own)',
  exitProcess: "it ends the server's process (the upstream is a real process the proxy does not own)",
};

/**
 * Why a scenario cannot run against a real upstream through the proxy (`toolshift run
 * --proxy-upstream`), or `undefined` when every server step can be expressed as an overlay: the
 * scenario's own tools are served beside the upstream's, its steps change the view, its faults,
 * paging, freshness, notifications and principals apply on the proxy's request path. Whether the
 * upstream speaks the cell's era, and whether a scenario tool's name is already the upstream's, is
 * known once the proxy has met the upstream (`PROXY_OVERLAY_CONFLICT`, also reported `n/a`).
 */
export function proxyNotApplicable(scenario: Scenario): string | undefined {
  const paginates = scenario.servers.some(
    (server) =>
      server.script?.pagination?.pageSize !== undefined ||
      (server.script?.steps ?? []).some((step) => step.action.action === 'setPagination'),
  );
  for (const check of scenario.checks) {
    const params = check.params as { exactly?: unknown; atMost?: unknown } | undefined;
    const counts = params?.exactly !== undefined || params?.atMost !== undefined;
    if (paginates && check.invariant === 'discovery.list-requests' && counts)
      return `its check ${check.id ?? check.invariant} counts the pages of the scenario's own catalog, and the upstream's tools add pages`;
  }
  for (const server of scenario.servers) {
    for (const step of server.script?.steps ?? []) {
      const why = UNEXPRESSIBLE[step.action.action];
      if (why) return `server ${server.id} cannot be played over a real upstream: step '${step.id}': ${why}`;
    }
  }
  return undefined;
}

/**
 * Starts a proxy in front of `upstream` playing the cell's `script` as its overlay (the scenario's
 * tools, steps and settings on top of the upstream's tools; the scenario's paging, one page when it
 * sets none, rather than the upstream's).
 * @throws {ToolshiftError} PROXY_UPSTREAM_UNAVAILABLE / PROXY_OVERLAY_CONFLICT (see `createProxyServer`).
 */
export function startCellProxy(
  script: ScriptDocument,
  upstream: UpstreamTarget,
  seed: number | undefined,
): Promise<ProxyServer> {
  // The scenario's paging applies: one written without any serves one page, whatever the upstream does.
  const overlay = script.pagination ? script : { ...script, pagination: {} };
  return createProxyServer({ upstream, script: overlay, ...(seed !== undefined ? { seed } : {}) });
}

/**
 * The upstream `--proxy-upstream` names: an http(s) URL is a Streamable HTTP endpoint, anything
 * else a shell command that starts a server on stdio.
 */
export function parseProxyUpstream(value: string): UpstreamTarget {
  return /^https?:\/\//i.test(value.trim())
    ? { kind: 'http', url: value.trim() }
    : { kind: 'stdio', command: value.trim() };
}

/**
 * The scenario as judged against an upstream: a `registry.final-exposure` check's `exactly` list
 * also holds the upstream's tools its server still serves at the end (the scenario names only its
 * own; the upstream's are served beside them). Every other check is unchanged.
 */
export function judgedAgainstUpstream(scenario: Scenario, servers: CellServers): Scenario {
  const first = scenario.servers[0]!.id;
  const checks = scenario.checks.map((check) => {
    const params = check.params as { exactly?: string[] } | undefined;
    if (check.invariant !== 'registry.final-exposure' || params?.exactly === undefined) return check;
    const server = servers.get(check.server ?? first);
    const upstream = new Set(server.upstreamTools?.() ?? []);
    const served = server.fake
      .tools()
      .map((tool) => tool.name)
      .filter((name) => upstream.has(name));
    return { ...check, params: { ...params, exactly: [...params.exactly, ...served] } };
  });
  return { ...scenario, checks };
}
