import { createFakeServer } from '../create-fake-server.js';
import { ToolshiftError } from '../errors/toolshift-error.js';
import type { FakeServer, FakeServerOptions } from '../fake-server.js';
import { parseScript } from '../script/parse-script.js';
import type { ScriptDocument } from '../script/script-document.js';
import type { Era } from '../transcript/transcript-frame.js';
import type { ToolDefinition } from '../world/tool-definition.js';
import { CatalogMirror } from './catalog-mirror.js';
import { fetchUpstreamCatalog, type UpstreamCatalog } from './upstream-catalog.js';
import type { UpstreamChannel } from './upstream-channel.js';
import { UpstreamLink, type UpstreamSession } from './upstream-link.js';
import { probeUpstream, type UpstreamProfile } from './upstream-profile.js';
import { UpstreamSessions } from './upstream-sessions.js';
import { ProxyUpstreamStage } from './upstream-stage.js';
import { describeTarget, type UpstreamTarget } from './upstream-target.js';
import { type UpstreamWatch, watchUpstream } from './upstream-watch.js';

/** Options for {@link createProxyServer}. */
export interface ProxyServerOptions extends Pick<FakeServerOptions, 'seed' | 'transcript' | 'sessionIds'> {
  /** The real MCP server. */
  upstream: UpstreamTarget;
  /**
   * The overlay: a toolshift script (a document, or a value to validate) whose steps, pagination,
   * freshness, notifications, streams, faults, answers and auth apply on top of the upstream. Its
   * `catalog.tools` are served beside the upstream's; its `server` fields override the upstream's.
   * Default: no overlay (`{ toolshiftScript: 1 }`).
   */
  script?: unknown;
  /** Where the overlay script came from, for error messages (default `<inline>`). */
  scriptSource?: string;
  /** Sees every channel the proxy opens to the upstream (a session recording taps them). */
  wrapChannel?: (channel: UpstreamChannel, label: string) => UpstreamChannel;
  /** How long a `server/discover` probe may go unanswered before the upstream counts as legacy-only, ms (default 5000). */
  probeTimeoutMs?: number;
  /** Follow the upstream's `list_changed` (default true). */
  watch?: boolean;
}

/** A fake server in front of a real one (see {@link createProxyServer}). */
export interface ProxyServer {
  /** The fake server the clients talk to: its catalog is the upstream's with the overlay applied. */
  readonly server: FakeServer;
  /** What the upstream said about itself when the proxy connected. */
  readonly profile: UpstreamProfile;
  /** How the proxy follows the upstream's changes. */
  readonly watchMode: UpstreamWatch['mode'];
  /** Resolves `true` once the upstream's change stream is open (listings are then served from the mirror), else `false`. */
  readonly watching: Promise<boolean>;
  /** The upstream's tools as last read (without the overlay). */
  upstreamTools(): readonly ToolDefinition[];
  /** The upstream's list as last read, with its paging and freshness. */
  upstreamCatalog(): UpstreamCatalog;
  /** Reads the upstream's tool list again now (a changed view is one revision, announced). */
  refresh(): Promise<void>;
  /** Stops watching, ends every upstream session and channel (stdio: the server processes), closes the fake server's streams. */
  close(): Promise<void>;
}

/**
 * Puts a fake server in front of a real MCP server: the fake server's request path gets an
 * upstream stage, so one world, the same triggers, logical clock, admin API and transcript serve
 * both. The world mirrors the upstream's tool list (read at start and on each of the upstream's
 * `list_changed`, and before each listing's page 1 while the upstream cannot announce changes)
 * with the overlay's changes on top; the eras,
 * identity, capabilities, paging and freshness are the upstream's unless the overlay sets its own.
 * Requests the world does not own go upstream (see `createUpstreamRelay`).
 * @throws {ScriptError} SCRIPT_INVALID when the overlay script is not a valid script.
 * @throws {ToolshiftError} PROXY_UPSTREAM_UNAVAILABLE when the upstream cannot be reached, speaks
 *   neither era, or refuses to list its tools.
 * @throws {ToolshiftError} PROXY_OVERLAY_CONFLICT when the overlay pins an era the upstream does not
 *   speak, or serves a tool under a name the upstream uses.
 * @see ../shared/spec/mcp-discovery-spec.md §1.4 (eras), §2 (tools/list), §3 (tools/call)
 */
export async function createProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const raw = options.script ?? { toolshiftScript: 1 };
  const where = describeTarget(options.upstream);
  const link = new UpstreamLink(options.upstream, options.wrapChannel);
  let watch: UpstreamWatch | undefined;
  try {
    const probed = await probeUpstream(link, options.probeTimeoutMs ?? 5000).catch((error: Error) => {
      throw unavailable(where, error.message);
    });
    const { profile, control } = probed;
    let latest: UpstreamCatalog | undefined;
    const fetch = async () => {
      latest = await readCatalog(link, profile, control, latest);
      return latest;
    };
    const catalog = await fetch().catch((error: Error) => {
      throw unavailable(where, error.message);
    });
    const upstreamNames = new Set(catalog.tools.map((tool) => tool.name));
    const clash = toolsOf(raw).find((tool) =>
      upstreamNames.has((tool as { name?: unknown })?.name as string),
    );
    if (clash)
      throw conflict(
        where,
        `the overlay script's tool '${(clash as { name: string }).name}' has the name of one of the upstream's tools; rename it, or change the upstream's tool with a changeSchema/changeMetadata step`,
      );
    // Validated with the upstream's tools in its catalog: its steps may name them.
    const overlay = parseScript(withUpstreamTools(raw, catalog.tools), options.scriptSource);
    const overlayTools = (overlay.catalog?.tools ?? []).slice(catalog.tools.length) as ToolDefinition[];
    const doc = proxyScript(overlay, overlayTools, profile, catalog, where);
    const mirror = new CatalogMirror(catalog, overlayTools, fetch);
    const sessions = new UpstreamSessions(link);
    let running: UpstreamWatch | undefined;
    const stage = new ProxyUpstreamStage(link, mirror, sessions, () => running?.live() === true);
    const server = createFakeServer(doc, {
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.transcript !== undefined ? { transcript: options.transcript } : {}),
      ...(options.sessionIds !== undefined ? { sessionIds: options.sessionIds } : {}),
      upstream: stage,
    });
    watch =
      options.watch === false
        ? { mode: 'none', live: () => false, opened: Promise.resolve(false), stop: () => {} }
        : watchUpstream(
            link,
            profile,
            control,
            () => void mirror.refresh(),
            (text) =>
              server.transcript.record({
                direction: 'server',
                kind: 'note',
                era: 'unknown',
                transport: 'http',
                streamId: 'world',
                note: `upstream: ${text}`,
              }),
          );
    running = watch;
    const watching = watch;
    let closing: Promise<void> | undefined;
    return {
      server,
      profile,
      watchMode: watching.mode,
      watching: watching.opened,
      upstreamTools: () => mirror.upstreamTools,
      upstreamCatalog: () => mirror.upstreamCatalog,
      refresh: () => mirror.refresh(),
      close() {
        closing ??= (async () => {
          watching.stop();
          server.close('graceful');
          await sessions.closeAll();
          if (control) await link.closeSession(control);
          await link.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    watch?.stop();
    await link.close();
    throw error;
  }
}

/** Reads the upstream's tools: modern when it speaks modern (stateless), else on the control session. */
function readCatalog(
  link: UpstreamLink,
  profile: UpstreamProfile,
  control: UpstreamSession | undefined,
  previous: UpstreamCatalog | undefined,
): Promise<UpstreamCatalog> {
  return profile.eras.includes('modern') || !control
    ? fetchUpstreamCatalog(link, { era: 'modern' }, previous)
    : fetchUpstreamCatalog(link, { era: 'legacy', session: control }, previous);
}

/**
 * The script the proxy's fake server plays: the overlay, with the upstream's tools first in the
 * catalog and the upstream's identity, eras, capabilities, paging and freshness wherever the
 * overlay sets none.
 */
function proxyScript(
  overlay: ScriptDocument,
  overlayTools: readonly ToolDefinition[],
  profile: UpstreamProfile,
  catalog: UpstreamCatalog,
  where: string,
): ScriptDocument {
  const pinned = overlay.server?.eras as Era[] | undefined;
  const missing = pinned?.filter((era) => !profile.eras.includes(era)) ?? [];
  if (missing.length > 0)
    throw conflict(
      where,
      `the overlay script pins era ${missing.join(', ')}, which the upstream does not speak (it speaks ${profile.eras.join(' and ')})`,
    );
  const upstreamTools = profile.capabilities.tools as { listChanged?: unknown } | undefined;
  const toolsListChanged = overlay.server?.toolsListChanged ?? upstreamTools?.listChanged === true;
  const capabilities: Record<string, unknown> = {
    ...profile.capabilities,
    tools: { ...(upstreamTools ?? {}), listChanged: toolsListChanged },
  };
  const lists = overlay.catalog ?? {};
  if (lists.resources !== undefined || lists.resourceTemplates !== undefined)
    capabilities.resources = {
      subscribe: overlay.server?.resourcesSubscribe ?? true,
      listChanged: overlay.server?.resourcesListChanged ?? true,
    };
  if (lists.prompts !== undefined)
    capabilities.prompts = { listChanged: overlay.server?.promptsListChanged ?? true };
  const server: NonNullable<ScriptDocument['server']> = {
    name: profile.name,
    version: profile.version,
    ...(profile.instructions !== undefined ? { instructions: profile.instructions } : {}),
    eras: pinned ?? profile.eras,
    capabilities,
    ...overlay.server,
    toolsListChanged,
  };
  const freshness =
    overlay.freshness ??
    (catalog.ttlMs !== undefined || catalog.cacheScope !== undefined
      ? {
          ...(catalog.ttlMs !== undefined ? { ttlMs: catalog.ttlMs } : {}),
          ...(catalog.cacheScope !== undefined ? { cacheScope: catalog.cacheScope } : {}),
        }
      : undefined);
  const pagination =
    overlay.pagination ?? (catalog.pageSize !== undefined ? { pageSize: catalog.pageSize } : undefined);
  return {
    ...overlay,
    name: overlay.name ?? `proxy of ${where}`,
    server,
    catalog: { ...lists, tools: [...catalog.tools, ...overlayTools] } as ScriptDocument['catalog'],
    ...(freshness ? { freshness } : {}),
    ...(pagination ? { pagination } : {}),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `catalog.tools` of an unvalidated script value (empty when it has none, or they are malformed). */
function toolsOf(raw: unknown): unknown[] {
  const catalog = isObject(raw) ? raw.catalog : undefined;
  const tools = isObject(catalog) ? catalog.tools : undefined;
  return Array.isArray(tools) ? tools : [];
}

/**
 * The overlay with the upstream's tools first in its catalog, for validation (its steps may name
 * them); a value whose shape does not allow that is returned as is, for the validator to refuse.
 */
function withUpstreamTools(raw: unknown, tools: readonly ToolDefinition[]): unknown {
  if (!isObject(raw)) return raw;
  if (raw.catalog !== undefined && !isObject(raw.catalog)) return raw;
  const catalog = (raw.catalog ?? {}) as Record<string, unknown>;
  if (catalog.tools !== undefined && !Array.isArray(catalog.tools)) return raw;
  return { ...raw, catalog: { ...catalog, tools: [...tools, ...toolsOf(raw)] } };
}

function unavailable(upstream: string, reason: string): ToolshiftError {
  return new ToolshiftError(
    'PROXY_UPSTREAM_UNAVAILABLE',
    `Cannot proxy ${upstream}: ${reason}. Check that the server runs there (or that the command starts it), then try again.`,
    { upstream, reason },
  );
}

function conflict(upstream: string, reason: string): ToolshiftError {
  return new ToolshiftError('PROXY_OVERLAY_CONFLICT', `Cannot proxy ${upstream}: ${reason}.`, {
    upstream,
    reason,
  });
}
